import { swmsEndpoints as endpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { route } from '../../platform/http/route.ts';
import type { SwmsService } from './swms.service.ts';

/** HTTP for SWMS and their cover sheets. Rules live in SwmsService and DocumentKernel. */
export const swmsRoutes =
  (service: SwmsService): FastifyPluginAsync =>
  async (app) => {
    const { swms, coverSheets } = service;
    const ok = { ok: true as const };

    route(app, endpoints.list, (request) => {
      const { q, limit, cursor, status, templates, made_by } = request.query;
      return swms.list(callerOf(request), {
        limit,
        cursor,
        made_by,
        search: q || undefined,
        status,
        templates: templates === undefined ? undefined : templates === 'true',
      });
    });
    route(app, endpoints.create, async (request, reply) =>
      reply.status(201).send(await service.createSwms(callerOf(request), request.body)),
    );
    route(app, endpoints.get, (request) => swms.get(callerOf(request), request.params.id));
    route(app, endpoints.save, (request) => swms.save(callerOf(request), request.params.id, request.body));
    route(app, endpoints.discardDraft, (request) =>
      swms.discardDraft(callerOf(request), request.params.id, request.body.revision),
    );
    route(app, endpoints.delete, async (request) => {
      await swms.delete(callerOf(request), request.params.id);
      return ok;
    });
    route(app, endpoints.version, (request) =>
      swms.version(callerOf(request), request.params.id, request.params.version),
    );
    route(app, endpoints.pdf, (request) => swms.pdf(callerOf(request), request.params.id, request.query.version));

    route(app, endpoints.listCoverSheets, (request) => coverSheets.list(callerOf(request), request.query));
    route(app, endpoints.createCoverSheet, async (request, reply) =>
      reply.status(201).send(await service.createCoverSheet(callerOf(request), request.body)),
    );
    route(app, endpoints.getCoverSheet, (request) => coverSheets.get(callerOf(request), request.params.id));
    route(app, endpoints.saveCoverSheet, (request) =>
      coverSheets.save(callerOf(request), request.params.id, request.body),
    );
    route(app, endpoints.discardCoverSheetDraft, (request) =>
      coverSheets.discardDraft(callerOf(request), request.params.id, request.body.revision),
    );
    route(app, endpoints.deleteCoverSheet, async (request) => {
      await coverSheets.delete(callerOf(request), request.params.id);
      return ok;
    });
    route(app, endpoints.coverSheetPdf, (request) =>
      coverSheets.pdf(callerOf(request), request.params.id, request.query.version),
    );
  };
