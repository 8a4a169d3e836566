import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  authUserSchema,
  emailOnlyRequestSchema,
  exchangeCodeRequestSchema,
  exchangeCodeResponseSchema,
  okResponseSchema,
  signUpRequestSchema,
  signUpResponseSchema,
  updatePasswordRequestSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from './auth.ts';
import { sessionEndpoints } from './session-endpoints.ts';

/** The auth API (PRODUCT.md, Accounts and sessions); the session's own three from session-endpoints.ts. */
export const authEndpoints = {
  signUp: defineEndpoint({
    method: 'POST',
    path: '/api/auth/signup',
    auth: 'none',
    summary: 'Create an account; a confirmation link is emailed',
    body: signUpRequestSchema,
    responses: { 201: signUpResponseSchema },
    errors: [
      errorCodes.signupDisabled,
      errorCodes.invalidEmail,
      errorCodes.weakPassword,
      errorCodes.userAlreadyExists,
      errorCodes.requestRateLimit,
      errorCodes.emailRateLimit,
    ],
  }),
  signIn: sessionEndpoints.signIn,
  refresh: sessionEndpoints.refresh,
  exchangeCode: defineEndpoint({
    method: 'POST',
    path: '/api/auth/exchange',
    auth: 'none',
    summary: "Exchange an emailed link's code (PKCE) for a session",
    body: exchangeCodeRequestSchema,
    responses: { 200: exchangeCodeResponseSchema },
    errors: [errorCodes.invalidLink, errorCodes.linkExpired, errorCodes.requestRateLimit],
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/api/auth/verify',
    auth: 'none',
    summary: 'Verify an emailed link opened without its code verifier',
    body: verifyRequestSchema,
    responses: { 200: verifyResponseSchema },
    errors: [
      errorCodes.invalidLink,
      errorCodes.linkExpired,
      errorCodes.recoveryLinkOtherBrowser,
      // An email-change link whose new address another account took meanwhile.
      errorCodes.userAlreadyExists,
      errorCodes.requestRateLimit,
    ],
  }),
  resendConfirmation: defineEndpoint({
    method: 'POST',
    path: '/api/auth/resend',
    auth: 'none',
    summary: 'Send the confirmation link again',
    body: emailOnlyRequestSchema,
    responses: { 200: okResponseSchema },
    errors: [errorCodes.emailRateLimit, errorCodes.requestRateLimit],
  }),
  recover: defineEndpoint({
    method: 'POST',
    path: '/api/auth/recover',
    auth: 'none',
    summary: 'Email a password recovery link',
    body: emailOnlyRequestSchema,
    responses: { 200: okResponseSchema },
    errors: [errorCodes.emailRateLimit, errorCodes.requestRateLimit],
  }),
  getUser: defineEndpoint({
    method: 'GET',
    path: '/api/auth/user',
    auth: 'required',
    summary: 'The signed-in account',
    responses: { 200: authUserSchema },
    errors: [],
  }),
  updatePassword: defineEndpoint({
    method: 'PUT',
    path: '/api/auth/user',
    auth: 'required',
    summary: 'Change the password (the current one is needed, except in a recovery session)',
    body: updatePasswordRequestSchema,
    responses: { 200: authUserSchema },
    errors: [
      errorCodes.currentPasswordRequired,
      errorCodes.currentPasswordIncorrect,
      errorCodes.weakPassword,
      errorCodes.requestRateLimit,
    ],
  }),
  signOut: sessionEndpoints.signOut,
} as const;
