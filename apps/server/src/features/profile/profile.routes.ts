import { profileImageKinds, profileSchema, profileUpdateRequestSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { callerOf } from '../../platform/http/auth-context.ts';
import { readSingleUpload, UPLOAD_RATE_LIMIT } from '../../platform/http/upload.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { callerOrIp, routeRateLimit } from '../../platform/rate-limit/route-limit.ts';
import type { ProfileService } from './profile.service.ts';

const imageParams = z.object({ kind: z.enum(profileImageKinds) });

export const profileRoutes =
  (service: ProfileService, rateLimiter: RateLimiter): FastifyPluginAsyncZod =>
  async (app) => {
    // Authenticate before the body is parsed: a visitor gets 401, never a validation error.
    app.addHook('onRequest', app.requireAuth);

    app.get('/profile', { schema: { summary: 'The company profile', response: { 200: profileSchema } } }, (request) =>
      service.getOwnProfile(callerOf(request)),
    );

    app.patch(
      '/profile',
      {
        schema: {
          summary: 'Update the company profile; only the fields sent change',
          body: profileUpdateRequestSchema,
          response: { 200: profileSchema },
        },
      },
      (request) => service.updateOwnProfile(callerOf(request), request.body),
    );

    /** PUT /api/profile/logo or /signature, multipart with one image file. */
    app.put(
      '/profile/:kind',
      {
        preHandler: routeRateLimit(rateLimiter, UPLOAD_RATE_LIMIT, callerOrIp),
        schema: {
          summary: 'Replace the logo or signature (multipart, one image file)',
          params: imageParams,
          response: { 200: profileSchema },
        },
      },
      async (request) => service.replaceImage(callerOf(request), request.params.kind, await readSingleUpload(request)),
    );

    app.delete(
      '/profile/:kind',
      { schema: { summary: 'Remove the logo or signature', params: imageParams, response: { 200: profileSchema } } },
      (request) => service.removeImage(callerOf(request), request.params.kind),
    );
  };
