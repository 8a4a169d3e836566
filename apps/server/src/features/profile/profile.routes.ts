import { profileSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/http/auth-context.ts';
import type { ProfileService } from './profile.service.ts';

export const profileRoutes =
  (service: ProfileService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/profile', { preHandler: app.requireAuth, schema: { response: { 200: profileSchema } } }, (request) =>
      service.getOwnProfile(callerOf(request)),
    );
  };
