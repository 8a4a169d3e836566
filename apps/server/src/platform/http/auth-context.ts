import {
  API_TOKEN_PREFIX,
  type ApiTokenAccess,
  authErrorCodes,
  authErrorMessages,
  errorCodes,
  FORBIDDEN_MESSAGE,
  type Permission,
  roleMay,
} from '@app/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Membership } from '../accounts/memberships.ts';
import { AppError } from '../errors.ts';
import { type RequestMetadata, requestMetadataOf } from './request-metadata.ts';

/**
 * An authenticated caller, established from the Bearer token (a session's, or an API token) by the
 * auth feature. `businessId` and `role` are the caller's membership (ADR 0077): a session's come from
 * its access token, an API token's from its maker's membership.
 */
export type AuthenticatedCaller = Membership & {
  userId: string;
  /** The session; null for a request made with an API token. */
  sessionId: string | null;
  /** The account's email is in ADMIN_EMAILS (PRODUCT.md, Plans); never for an API token. */
  isAdmin: boolean;
  /** The API token the request was made with (ADR 0055); undefined for a session. */
  apiTokenId?: string | undefined;
};

/** A caller by API token: its owner, without a session or admin rights. */
export type ApiTokenCaller = AuthenticatedCaller & { sessionId: null; isAdmin: false; apiTokenId: string };

/** Checks an API token for one request: what the endpoint lets tokens do, the method, where from. */
export type ApiTokenAuthenticator = (
  token: string,
  request: { method: string; access: ApiTokenAccess; origin: RequestMetadata },
) => Promise<ApiTokenCaller>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Hook that rejects the request with 401 unless it carries a live session. */
    requireAuth: preHandlerAsyncHookHandler;
    /**
     * Hook for routes where login is optional: a live session sets `request.caller`; no token, or a
     * stale or broken one, leaves a visitor (the rejection is kept for `callerOf`).
     */
    optionalAuth: preHandlerAsyncHookHandler;
    /** Hook for admin routes: 401 for a visitor, 403 `forbidden` for a caller who is not an admin. */
    requireAdmin: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    caller: AuthenticatedCaller | undefined;
    /** Why `optionalAuth` did not accept the token the request carried. */
    authRejection: unknown;
  }
}

const noSession = () => new AppError(401, authErrorCodes.noSession, authErrorMessages.noSession);
const forbidden = () => new AppError(403, errorCodes.forbidden, FORBIDDEN_MESSAGE);

/**
 * Refuses (403 `forbidden`) a caller whose role lacks `permission` (ADR 0081): route.ts for the
 * endpoint's declared one, a service for a rule that also depends on the record. An API token's
 * caller carries its maker's role, so a token never does more than its maker may.
 */
export function assertMay(caller: AuthenticatedCaller, permission: Permission): void {
  if (!roleMay(caller.role, permission)) throw forbidden();
}

/**
 * Decorates `app` with the three authentication hooks, all built on `authenticate` (the auth
 * feature's Bearer check) and, for a Bearer value that is an API token, `authenticateApiToken`
 * (ADR 0055), which also judges the token against the route's declared `apiTokens`; so every route
 * states who may call it in one word.
 */
export function registerAuthHooks(
  app: FastifyInstance,
  authenticate: (authorization: string | undefined) => Promise<AuthenticatedCaller>,
  authenticateApiToken: ApiTokenAuthenticator,
): void {
  const callerFrom = (request: FastifyRequest) => {
    const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!bearer?.startsWith(API_TOKEN_PREFIX)) return authenticate(request.headers.authorization);
    return authenticateApiToken(bearer, {
      method: request.method,
      access: request.routeOptions.config.endpoint?.apiTokens ?? 'never',
      origin: requestMetadataOf(request),
    });
  };
  app.decorateRequest('caller', undefined);
  app.decorateRequest('authRejection', undefined);
  app.decorate('requireAuth', async (request) => {
    request.caller = await callerFrom(request);
  });
  app.decorate('optionalAuth', async (request) => {
    if (!request.headers.authorization) return;
    try {
      request.caller = await callerFrom(request);
    } catch (rejection) {
      request.authRejection = rejection;
    }
  });
  app.decorate('requireAdmin', async (request) => {
    // A declared `auth: 'admin'` route runs only this hook; behind requireAuth the caller is known already.
    request.caller ??= await callerFrom(request);
    if (!request.caller.isAdmin) throw forbidden();
  });
}

/**
 * The caller of a route guarded by `app.requireAuth`. Behind `app.optionalAuth`, a visitor gets 401:
 * the very rejection their token got (e.g. session_expired, so the client renews it), if they sent one.
 */
export function callerOf(request: FastifyRequest): AuthenticatedCaller {
  if (request.caller) return request.caller;
  throw request.authRejection ?? noSession();
}
