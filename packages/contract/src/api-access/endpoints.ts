import { z } from 'zod/mini';
import { okResponseSchema } from '../auth/auth.ts';
import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  apiAccessMessages,
  apiTokenListSchema,
  apiTokenRequestSchema,
  createdApiTokenSchema,
  createdWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointRequestSchema,
  webhookEndpointSchema,
} from './api-access.ts';

// Any id string is accepted; one that is not a UUID is simply not found (404, not 400).
const idParams = z.object({ id: z.string().check(z.maxLength(100)) });

/**
 * API tokens and webhooks (ADR 0055), managed from the profile by a signed-in user: an
 * API token never reaches these (`apiTokens` left out), so a leaked token cannot make another.
 */
export const apiAccessEndpoints = {
  listTokens: defineEndpoint({
    method: 'GET',
    path: '/api/api-tokens',
    auth: 'required',
    permission: 'apiAccess.manage',
    summary: "The caller's API tokens (not revoked), newest first, with when each was last used",
    responses: { 200: apiTokenListSchema },
    errors: [],
  }),
  createToken: defineEndpoint({
    method: 'POST',
    path: '/api/api-tokens',
    auth: 'required',
    permission: 'apiAccess.manage',
    summary: 'Create an API token (Premium); the token is answered this once and kept only as its SHA-256',
    body: apiTokenRequestSchema,
    responses: { 201: createdApiTokenSchema },
    errors: [errorCodes.premiumRequired, errorCodes.conflict],
  }),
  revokeToken: defineEndpoint({
    method: 'DELETE',
    path: '/api/api-tokens/:id',
    auth: 'required',
    permission: 'apiAccess.manage',
    summary: 'Revoke an API token: it stops working at once',
    params: idParams,
    notFound: apiAccessMessages.tokenNotFound,
    responses: { 200: okResponseSchema },
    errors: [errorCodes.notFound],
  }),
  listWebhooks: defineEndpoint({
    method: 'GET',
    path: '/api/webhooks',
    auth: 'required',
    permission: 'apiAccess.manage',
    summary: "The caller's webhook endpoints",
    responses: { 200: webhookEndpointListSchema },
    errors: [],
  }),
  createWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/webhooks',
    auth: 'required',
    permission: 'apiAccess.manage',
    summary:
      'Register an https webhook endpoint (Premium); its signing secret is answered this once. Private and local addresses are refused',
    body: webhookEndpointRequestSchema,
    rateLimit: 'webhookRegister',
    responses: { 201: createdWebhookEndpointSchema },
    errors: [errorCodes.premiumRequired, errorCodes.conflict, errorCodes.unprocessable],
  }),
  deleteWebhook: defineEndpoint({
    method: 'DELETE',
    path: '/api/webhooks/:id',
    auth: 'required',
    permission: 'apiAccess.manage',
    summary: 'Delete a webhook endpoint and its delivery log',
    params: idParams,
    notFound: apiAccessMessages.webhookNotFound,
    responses: { 200: okResponseSchema },
    errors: [errorCodes.notFound],
  }),
  enableWebhook: defineEndpoint({
    method: 'POST',
    path: '/api/webhooks/:id/enable',
    auth: 'required',
    permission: 'apiAccess.manage',
    summary:
      'Turn a disabled webhook endpoint back on (Premium), its count of failed deliveries reset; an enabled one is left as it is',
    params: idParams,
    notFound: apiAccessMessages.webhookNotFound,
    responses: { 200: webhookEndpointSchema },
    errors: [errorCodes.notFound, errorCodes.premiumRequired],
  }),
  rotateWebhookSecret: defineEndpoint({
    method: 'POST',
    path: '/api/webhooks/:id/rotate-secret',
    auth: 'required',
    permission: 'apiAccess.manage',
    summary:
      'Give a webhook endpoint a new signing secret (Premium), answered this once; for 24 hours deliveries are signed with the previous secret as well',
    params: idParams,
    notFound: apiAccessMessages.webhookNotFound,
    responses: { 200: createdWebhookEndpointSchema },
    errors: [errorCodes.notFound, errorCodes.premiumRequired],
  }),
  listDeliveries: defineEndpoint({
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    auth: 'required',
    permission: 'apiAccess.manage',
    summary: "A webhook endpoint's latest 50 deliveries, newest first, each with its attempts",
    params: idParams,
    notFound: apiAccessMessages.webhookNotFound,
    responses: { 200: webhookDeliveryListSchema },
    errors: [errorCodes.notFound],
  }),
  resendDelivery: defineEndpoint({
    method: 'POST',
    path: '/api/webhooks/deliveries/:id/resend',
    auth: 'required',
    permission: 'apiAccess.manage',
    summary: 'Send a delivery again (Premium), with the same id, as a new attempt through the queue',
    params: idParams,
    notFound: apiAccessMessages.deliveryNotFound,
    rateLimit: 'webhookResend',
    responses: { 202: webhookDeliverySchema },
    errors: [errorCodes.notFound, errorCodes.premiumRequired, errorCodes.conflict],
  }),
} as const;
