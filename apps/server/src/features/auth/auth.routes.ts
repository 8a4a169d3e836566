import { authEndpoints as endpoints } from '@app/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { callerOf } from '../../platform/http/auth-context.ts';
import { requestMetadataOf } from '../../platform/http/request-metadata.ts';
import { route } from '../../platform/http/route.ts';
import type { AuthService, RequestOrigin, SignedIn } from './auth.service.ts';

const originOf = (request: FastifyRequest): RequestOrigin => ({
  ...requestMetadataOf(request),
  cookies: request.headers.cookie,
});

/** The session to answer with; the reply gets the cookie that marks this browser as trusted for the account. */
function trustingDevice<T extends object>(reply: FastifyReply, { deviceCookie, ...answer }: SignedIn<T>) {
  reply.header('set-cookie', deviceCookie);
  return answer;
}

/** HTTP for accounts and sessions under /api/auth. Rules live in AuthService. */
export const authRoutes =
  (service: AuthService): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.signUp, async (request, reply) =>
      reply.status(201).send(await service.signUp(request.body, originOf(request))),
    );

    route(app, endpoints.signIn, async (request, reply) =>
      trustingDevice(reply, await service.signIn(request.body, originOf(request))),
    );

    route(app, endpoints.refresh, (request) => service.refresh(request.body.refresh_token, originOf(request)));

    route(app, endpoints.exchangeCode, async (request, reply) => {
      const { body } = request;
      return trustingDevice(reply, await service.exchangeCode(body.auth_code, body.code_verifier, originOf(request)));
    });

    route(app, endpoints.verify, (request) => service.verifyLink(request.body, originOf(request)));

    route(app, endpoints.resendConfirmation, async (request) => {
      await service.resendConfirmation(request.body.email, request.body.code_challenge, originOf(request));
      return { ok: true as const };
    });

    route(app, endpoints.recover, async (request) => {
      await service.requestRecovery(request.body.email, request.body.code_challenge, originOf(request));
      return { ok: true as const };
    });

    route(app, endpoints.getUser, (request) => service.getUser(callerOf(request)));

    route(app, endpoints.updatePassword, (request) => service.updatePassword(callerOf(request), request.body));

    route(app, endpoints.signOut, async (request) => {
      await service.signOut(callerOf(request));
      return { ok: true as const };
    });
  };
