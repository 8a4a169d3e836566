import {
  authUserSchema,
  emailOnlyRequestSchema,
  exchangeCodeRequestSchema,
  exchangeCodeResponseSchema,
  okResponseSchema,
  refreshRequestSchema,
  sessionSchema,
  signInRequestSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  updatePasswordRequestSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../platform/http/auth-context.ts';
import { requestMetadataOf } from '../../platform/http/request-metadata.ts';
import type { AuthService, RequestOrigin, SignedIn } from './auth.service.ts';

const originOf = (request: FastifyRequest): RequestOrigin => ({
  ...requestMetadataOf(request),
  cookies: request.headers.cookie,
});

/** Answers with the session, and the cookie that marks this browser as trusted for the account. */
const sendTrustingDevice = <T extends object>(reply: FastifyReply, { deviceCookie, ...answer }: SignedIn<T>) =>
  reply.header('set-cookie', deviceCookie).send(answer);

/** HTTP for accounts and sessions under /api/auth. Rules live in AuthService. */
export const authRoutes =
  (service: AuthService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/auth/signup',
      {
        schema: {
          summary: 'Create an account; a confirmation link is emailed',
          body: signUpRequestSchema,
          response: { 201: signUpResponseSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await service.signUp(request.body, originOf(request))),
    );

    app.post(
      '/auth/signin',
      {
        schema: {
          summary: 'Sign in with email and password',
          body: signInRequestSchema,
          response: { 200: sessionSchema },
        },
      },
      async (request, reply) => sendTrustingDevice(reply, await service.signIn(request.body, originOf(request))),
    );

    app.post(
      '/auth/refresh',
      {
        schema: {
          summary: 'Exchange a refresh token for a new session',
          body: refreshRequestSchema,
          response: { 200: sessionSchema },
        },
      },
      (request) => service.refresh(request.body.refresh_token, originOf(request)),
    );

    app.post(
      '/auth/exchange',
      {
        schema: {
          summary: "Exchange an emailed link's code (PKCE) for a session",
          body: exchangeCodeRequestSchema,
          response: { 200: exchangeCodeResponseSchema },
        },
      },
      async (request, reply) => {
        const { body } = request;
        return sendTrustingDevice(
          reply,
          await service.exchangeCode(body.auth_code, body.code_verifier, originOf(request)),
        );
      },
    );

    app.post(
      '/auth/verify',
      {
        schema: {
          summary: 'Verify an emailed link opened without its code verifier',
          body: verifyRequestSchema,
          response: { 200: verifyResponseSchema },
        },
      },
      (request) => service.verifyLink(request.body, originOf(request)),
    );

    app.post(
      '/auth/resend',
      {
        schema: {
          summary: 'Send the confirmation link again',
          body: emailOnlyRequestSchema,
          response: { 200: okResponseSchema },
        },
      },
      async (request) => {
        await service.resendConfirmation(request.body.email, request.body.code_challenge, originOf(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/auth/recover',
      {
        schema: {
          summary: 'Email a password recovery link',
          body: emailOnlyRequestSchema,
          response: { 200: okResponseSchema },
        },
      },
      async (request) => {
        await service.requestRecovery(request.body.email, request.body.code_challenge, originOf(request));
        return { ok: true as const };
      },
    );

    app.get(
      '/auth/user',
      { preHandler: app.requireAuth, schema: { summary: 'The signed-in account', response: { 200: authUserSchema } } },
      (request) => service.getUser(callerOf(request)),
    );

    app.put(
      '/auth/user',
      {
        preHandler: app.requireAuth,
        schema: {
          summary: 'Change the password (the current one is needed, except in a recovery session)',
          body: updatePasswordRequestSchema,
          response: { 200: authUserSchema },
        },
      },
      (request) => service.updatePassword(callerOf(request), request.body),
    );

    app.post(
      '/auth/signout',
      { preHandler: app.requireAuth, schema: { summary: 'Sign out everywhere', response: { 200: okResponseSchema } } },
      async (request) => {
        await service.signOut(callerOf(request));
        return { ok: true as const };
      },
    );
  };
