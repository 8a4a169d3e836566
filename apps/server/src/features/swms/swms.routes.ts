import { swmsEndpoints as endpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { sendPdf } from '../../platform/http/pdf-reply.ts';
import { route } from '../../platform/http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../platform/rate-limit/rate-limiter.ts';
import { callerOrIp, routeRateLimit } from '../../platform/rate-limit/route-limit.ts';
import type { SwmsService } from './swms.service.ts';

/** A SWMS PDF is as heavy as a certificate's (PRODUCT.md, Budgets): the same rule, its own counter. */
const SWMS_PDF_RATE_LIMIT: RateLimitRule = { name: 'swms-pdf', limit: 60, windowSeconds: 60 };

/** HTTP for SWMS and their cover sheets. Rules live in SwmsService. */
export const swmsRoutes =
  (service: SwmsService, rateLimiter: RateLimiter): FastifyPluginAsync =>
  async (app) => {
    const pdfLimit = { preHandler: routeRateLimit(rateLimiter, SWMS_PDF_RATE_LIMIT, callerOrIp) };

    route(app, endpoints.list, (request) => service.list(callerOf(request), request.query));
    route(app, endpoints.create, async (request, reply) =>
      reply.status(201).send(await service.create(callerOf(request), request.body)),
    );
    route(app, endpoints.get, (request) => service.get(callerOf(request), request.params.id));
    route(app, endpoints.save, (request) => service.save(callerOf(request), request.params.id, request.body));
    route(app, endpoints.delete, async (request) => {
      await service.delete(callerOf(request), request.params.id);
      return { ok: true as const };
    });
    route(app, endpoints.version, (request) =>
      service.version(callerOf(request), request.params.id, request.params.version),
    );
    route(
      app,
      endpoints.pdf,
      async (request, reply) =>
        sendPdf(reply, await service.pdf(callerOf(request), request.params.id, request.query.version)),
      pdfLimit,
    );

    route(app, endpoints.listCoverSheets, (request) => service.listCoverSheets(callerOf(request)));
    route(app, endpoints.createCoverSheet, async (request, reply) =>
      reply.status(201).send(await service.createCoverSheet(callerOf(request), request.body)),
    );
    route(app, endpoints.getCoverSheet, (request) => service.getCoverSheet(callerOf(request), request.params.id));
    route(app, endpoints.saveCoverSheet, (request) =>
      service.saveCoverSheet(callerOf(request), request.params.id, request.body),
    );
    route(app, endpoints.deleteCoverSheet, async (request) => {
      await service.deleteCoverSheet(callerOf(request), request.params.id);
      return { ok: true as const };
    });
    route(
      app,
      endpoints.coverSheetPdf,
      async (request, reply) =>
        sendPdf(reply, await service.coverSheetPdf(callerOf(request), request.params.id, request.query.version)),
      pdfLimit,
    );
  };
