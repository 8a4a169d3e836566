import { checklistTemplateEndpoints as endpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { route } from '../../platform/http/route.ts';
import type { ChecklistTemplatesService } from './checklist-templates.service.ts';

/** HTTP for custom checklist templates. Rules live in ChecklistTemplatesService. */
export const checklistTemplatesRoutes =
  (service: ChecklistTemplatesService): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.list, (request) => service.list(callerOf(request)));
    route(app, endpoints.create, async (request, reply) =>
      reply.status(201).send(await service.create(callerOf(request), request.body)),
    );
    route(app, endpoints.get, (request) => service.get(callerOf(request), request.params.id));
    route(app, endpoints.update, (request) => service.update(callerOf(request), request.params.id, request.body));
    route(app, endpoints.delete, async (request) => {
      await service.delete(callerOf(request), request.params.id);
      return { ok: true as const };
    });
  };
