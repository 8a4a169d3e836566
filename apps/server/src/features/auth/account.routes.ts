import { accountEndpoints as endpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { requestMetadataOf } from '../../platform/http/request-metadata.ts';
import { route } from '../../platform/http/route.ts';
import type { AccountService } from './account.service.ts';

/** HTTP for the signed-in user's own account under /api/account. Rules live in AccountService. */
export const accountRoutes =
  (service: AccountService): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.requestEmailChange, (request) => service.requestEmailChange(callerOf(request), request.body));

    route(app, endpoints.deleteAccount, async (request) => {
      await service.deleteAccount(callerOf(request), request.body, requestMetadataOf(request));
      return { ok: true as const };
    });
  };
