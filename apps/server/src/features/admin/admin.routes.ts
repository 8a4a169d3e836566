import { adminEndpoints as endpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { requestMetadataOf } from '../../platform/http/request-metadata.ts';
import { route } from '../../platform/http/route.ts';
import type { AdminService } from './admin.service.ts';

/** HTTP for the admin console (contact messages: contact.routes.ts). Rules live in AdminService. */
export const adminRoutes =
  (service: AdminService): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.access, (request) => service.access(callerOf(request)));

    route(app, endpoints.users, (request) => service.users(request.query));

    route(app, endpoints.grantPremium, (request) =>
      service.changePremium(
        callerOf(request),
        request.params.id,
        { action: 'grant', reason: request.body.reason },
        requestMetadataOf(request),
      ),
    );

    route(app, endpoints.revokePremium, (request) =>
      service.changePremium(
        callerOf(request),
        request.params.id,
        { action: 'revoke', reason: request.body.reason },
        requestMetadataOf(request),
      ),
    );

    route(app, endpoints.monthlyStats, () => service.monthlyStats());
  };
