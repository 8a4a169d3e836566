import { profileEndpoints as endpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { route } from '../../platform/http/route.ts';
import { readSingleUpload, UPLOAD_RATE_LIMIT } from '../../platform/http/upload.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { callerOrIp, routeRateLimit } from '../../platform/rate-limit/route-limit.ts';
import type { ProfileService } from './profile.service.ts';

/** HTTP for the company profile and its images. Rules live in ProfileService. */
export const profileRoutes =
  (service: ProfileService, rateLimiter: RateLimiter): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.get, (request) => service.getOwnProfile(callerOf(request)));

    route(app, endpoints.update, (request) => service.updateOwnProfile(callerOf(request), request.body));

    route(
      app,
      endpoints.replaceImage,
      async (request) => service.replaceImage(callerOf(request), request.params.kind, await readSingleUpload(request)),
      { preHandler: routeRateLimit(rateLimiter, UPLOAD_RATE_LIMIT, callerOrIp) },
    );

    route(app, endpoints.removeImage, (request) => service.removeImage(callerOf(request), request.params.kind));
  };
