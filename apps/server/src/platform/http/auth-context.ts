import { authErrorCodes, authErrorMessages } from '@app/contract';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from './errors.ts';

/** An authenticated caller, established from the Bearer access token by the auth feature. */
export type AuthenticatedCaller = { userId: string; sessionId: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler that rejects the request with 401 unless it carries a live session. */
    requireAuth: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    caller: AuthenticatedCaller | undefined;
  }
}

/** The caller of a route guarded by `app.requireAuth`. */
export function callerOf(request: FastifyRequest): AuthenticatedCaller {
  if (!request.caller) throw new AppError(401, authErrorCodes.noSession, authErrorMessages.noSession);
  return request.caller;
}
