import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { accountDeletionRequestSchema, emailChangeRequestSchema, emailChangeResponseSchema } from './account.ts';
import { okResponseSchema } from './auth.ts';

/** The signed-in user's own account: change its email, delete it (PRODUCT.md, Account; ADR 0020). */
export const accountEndpoints = {
  requestEmailChange: defineEndpoint({
    method: 'POST',
    path: '/api/account/email',
    auth: 'required',
    permission: 'account.own',
    summary: 'Ask to change the email address: a link is mailed to the new one',
    body: emailChangeRequestSchema,
    responses: { 200: emailChangeResponseSchema },
    errors: [
      errorCodes.invalidEmail,
      errorCodes.userAlreadyExists,
      errorCodes.currentPasswordIncorrect,
      errorCodes.requestRateLimit,
      errorCodes.emailRateLimit,
    ],
  }),
  deleteAccount: defineEndpoint({
    method: 'POST',
    path: '/api/account/delete',
    auth: 'required',
    permission: 'account.own',
    summary: 'Delete the account, its records and its files, and sign out everywhere',
    body: accountDeletionRequestSchema,
    responses: { 200: okResponseSchema },
    errors: [
      // validation_failed (in every route's list) when the typed confirmation is not DELETE, with its field.
      errorCodes.currentPasswordIncorrect,
      // While a paid subscription still renews (ADR 0020).
      errorCodes.conflict,
      errorCodes.requestRateLimit,
    ],
  }),
} as const;
