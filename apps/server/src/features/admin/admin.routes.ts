import { adminEndpoints as endpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { requestMetadataOf } from '../../platform/http/request-metadata.ts';
import { type RouteRequest, route } from '../../platform/http/route.ts';
import type { AdminService } from './admin.service.ts';

/** HTTP for the admin console (contact messages: contact.routes.ts). Rules live in AdminService. */
export const adminRoutes =
  (service: AdminService): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.access, (request) => service.access(callerOf(request)));

    route(app, endpoints.users, (request) => service.users(request.query));
    route(app, endpoints.businesses, (request) => service.businesses(request.query));

    // Grant and revoke take the same input: the user's id and a reason.
    const changePremium = (action: 'grant' | 'revoke') => (request: RouteRequest<typeof endpoints.grantPremium>) =>
      service.changePremium(
        callerOf(request),
        request.params.id,
        { action, reason: request.body.reason },
        requestMetadataOf(request),
      );
    route(app, endpoints.grantPremium, changePremium('grant'));
    route<typeof endpoints.revokePremium>(app, endpoints.revokePremium, changePremium('revoke'));

    route(app, endpoints.monthlyStats, () => service.monthlyStats());
  };
