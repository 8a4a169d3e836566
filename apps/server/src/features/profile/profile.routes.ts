import { profileEndpoints as endpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { route } from '../../platform/http/route.ts';
import { readSingleUpload } from '../../platform/http/upload.ts';
import type { ProfileService } from './profile.service.ts';

/** HTTP for the company profile and its images. Rules live in ProfileService. */
export const profileRoutes =
  (service: ProfileService): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.get, (request) => service.getOwnProfile(callerOf(request)));

    route(app, endpoints.update, (request) => service.updateOwnProfile(callerOf(request), request.body));

    route(app, endpoints.replaceImage, async (request) =>
      service.replaceImage(callerOf(request), request.params.kind, await readSingleUpload(request)),
    );

    route(app, endpoints.removeImage, (request) => service.removeImage(callerOf(request), request.params.kind));
  };
