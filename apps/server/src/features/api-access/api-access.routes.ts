import { apiAccessEndpoints as endpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { requestMetadataOf } from '../../platform/http/request-metadata.ts';
import { route } from '../../platform/http/route.ts';
import type { ApiTokensService } from './api-tokens.service.ts';
import type { WebhookDeliveriesService } from './webhook-deliveries.service.ts';
import type { WebhookEndpointsService } from './webhook-endpoints.service.ts';

/** HTTP for API tokens and webhooks. Rules live in the services. */
export const apiAccessRoutes =
  (
    tokens: ApiTokensService,
    webhooks: WebhookEndpointsService,
    deliveries: WebhookDeliveriesService,
  ): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.listTokens, (request) => tokens.list(callerOf(request)));
    route(app, endpoints.createToken, async (request, reply) =>
      reply.status(201).send(await tokens.create(callerOf(request), request.body, requestMetadataOf(request))),
    );
    route(app, endpoints.revokeToken, async (request) => {
      await tokens.revoke(callerOf(request), request.params.id, requestMetadataOf(request));
      return { ok: true as const };
    });
    route(app, endpoints.listWebhooks, (request) => webhooks.list(callerOf(request)));
    route(app, endpoints.createWebhook, async (request, reply) =>
      reply.status(201).send(await webhooks.create(callerOf(request), request.body)),
    );
    route(app, endpoints.deleteWebhook, async (request) => {
      await webhooks.delete(callerOf(request), request.params.id);
      return { ok: true as const };
    });
    route(app, endpoints.enableWebhook, (request) =>
      webhooks.enable(callerOf(request), request.params.id, requestMetadataOf(request)),
    );
    route(app, endpoints.rotateWebhookSecret, (request) =>
      webhooks.rotateSecret(callerOf(request), request.params.id, requestMetadataOf(request)),
    );
    route(app, endpoints.listDeliveries, (request) => deliveries.list(callerOf(request), request.params.id));
    route(app, endpoints.resendDelivery, async (request, reply) =>
      reply.status(202).send(await deliveries.resend(callerOf(request), request.params.id)),
    );
  };
