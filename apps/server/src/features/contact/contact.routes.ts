import { adminEndpoints, contactEndpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { requestMetadataOf } from '../../platform/http/request-metadata.ts';
import { route } from '../../platform/http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit/rate-limiter.ts';
import { callerOrIp, routeRateLimit } from '../../platform/rate-limit/route-limit.ts';
import type { ContactService } from './contact.service.ts';

/** PRODUCT.md, Contact: messages per client IP (the route takes no token, so the limit is always by IP). */
export const CONTACT_RATE_LIMIT: RateLimitRule = { name: 'contact:ip', limit: 5, windowSeconds: 3600 };

/** HTTP for /contact, and the admin console's reading of the messages. Rules live in ContactService. */
export const contactRoutes =
  (service: ContactService, rateLimiter: RateLimiter): FastifyPluginAsync =>
  async (app) => {
    route(
      app,
      contactEndpoints.send,
      async (request, reply) => {
        await service.send(request.body, requestMetadataOf(request));
        return reply.status(201).send({ received: true });
      },
      { preHandler: routeRateLimit(rateLimiter, CONTACT_RATE_LIMIT, callerOrIp) },
    );

    route(app, adminEndpoints.contactMessages, (request) => service.page(request.query.page));

    route(app, adminEndpoints.markContactMessageHandled, (request) =>
      service.markHandled(callerOf(request), request.params.id),
    );
  };
