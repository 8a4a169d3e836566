import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { okResponseSchema, refreshRequestSchema, sessionSchema, signInRequestSchema } from './auth.ts';

/**
 * What the session store calls on every page: sign in, renew, sign out. Part of authEndpoints,
 * declared in a module of its own so public pages load these three declarations and not the
 * rest of the auth API (PRODUCT.md, Budgets).
 */
export const sessionEndpoints = {
  signIn: defineEndpoint({
    method: 'POST',
    path: '/api/auth/signin',
    auth: 'none',
    summary: 'Sign in with email and password',
    body: signInRequestSchema,
    responses: { 200: sessionSchema },
    errors: [errorCodes.invalidCredentials, errorCodes.emailNotConfirmed, errorCodes.requestRateLimit],
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/api/auth/refresh',
    auth: 'none',
    summary: 'Exchange a refresh token for a new session',
    body: refreshRequestSchema,
    responses: { 200: sessionSchema },
    errors: [
      errorCodes.refreshTokenInvalid,
      errorCodes.refreshTokenReused,
      errorCodes.sessionExpired,
      // The session ended because its holder was removed from the business (ADR 0077, Removal).
      errorCodes.memberRemoved,
      errorCodes.requestRateLimit,
    ],
  }),
  signOut: defineEndpoint({
    method: 'POST',
    path: '/api/auth/signout',
    auth: 'required',
    permission: 'account.own',
    summary: 'Sign out everywhere',
    responses: { 200: okResponseSchema },
    errors: [],
  }),
} as const;
