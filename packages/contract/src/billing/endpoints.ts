import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import {
  checkoutRequestSchema,
  portalRequestSchema,
  redirectResponseSchema,
  subscriptionViewSchema,
  testCheckoutCompleteSchema,
  webhookReceivedSchema,
} from './billing.ts';
import { billingStatusEndpoints, webhookStatusSchema } from './status-endpoints.ts';

// Calls that reach the billing provider are rate-limited per user (billing.routes.ts).
const providerErrors = [errorCodes.billingUnavailable] as const;

/** Premium: checkout, the subscription, the provider's webhook (PRODUCT.md, Plans; ADR 0013). */
export const billingEndpoints = {
  subscription: defineEndpoint({
    method: 'GET',
    path: '/api/billing/subscription',
    auth: 'required',
    permission: 'billing.manage',
    summary: "The caller's plan and subscription",
    responses: { 200: subscriptionViewSchema },
    errors: [],
  }),
  checkout: defineEndpoint({
    method: 'POST',
    path: '/api/billing/checkout',
    auth: 'required',
    permission: 'billing.manage',
    summary: 'Start buying Premium: the URL of the checkout page to go to',
    rateLimit: 'billingProvider',
    body: checkoutRequestSchema,
    responses: { 200: redirectResponseSchema },
    errors: [errorCodes.alreadyPremium, ...providerErrors],
  }),
  portal: defineEndpoint({
    method: 'POST',
    path: '/api/billing/portal',
    auth: 'required',
    permission: 'billing.manage',
    summary: 'The URL of the billing portal (card, invoices)',
    rateLimit: 'billingProvider',
    body: portalRequestSchema,
    responses: { 200: redirectResponseSchema },
    errors: [errorCodes.noBillingAccount, ...providerErrors],
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/billing/cancel',
    auth: 'required',
    permission: 'billing.manage',
    summary: 'Cancel Premium at the end of the paid period',
    rateLimit: 'billingProvider',
    responses: { 200: subscriptionViewSchema },
    errors: [errorCodes.noBillingAccount, ...providerErrors],
  }),
  resync: defineEndpoint({
    method: 'POST',
    path: '/api/billing/resync',
    auth: 'required',
    permission: 'billing.manage',
    summary: 'Read the subscription again from the provider',
    rateLimit: 'billingProvider',
    responses: { 200: subscriptionViewSchema },
    errors: providerErrors,
  }),
  testComplete: defineEndpoint({
    method: 'POST',
    path: '/api/billing/test/complete',
    auth: 'required',
    permission: 'billing.manage',
    summary: 'Test mode: complete a checkout (no payment)',
    body: testCheckoutCompleteSchema,
    responses: { 200: subscriptionViewSchema },
    errors: [errorCodes.notFound],
  }),
  testEndNow: defineEndpoint({
    method: 'POST',
    path: '/api/billing/test/end-now',
    auth: 'required',
    permission: 'billing.manage',
    summary: 'Test mode: end the subscription at once',
    responses: { 200: subscriptionViewSchema },
    errors: [errorCodes.notFound, errorCodes.noBillingAccount],
  }),
  webhook: defineEndpoint({
    method: 'POST',
    path: '/api/billing/webhook',
    auth: 'none',
    summary: "The billing provider's signed events (Stripe-Signature over the raw body)",
    responses: { 200: webhookReceivedSchema },
    errors: [errorCodes.webhookSignatureInvalid, errorCodes.payloadTooLarge],
  }),
  webhookStatus: billingStatusEndpoints.webhookStatus,
  webhookTestEvent: defineEndpoint({
    method: 'POST',
    path: '/api/billing/webhook/test-event',
    auth: 'admin',
    summary: 'Admin: send a signed test event through the webhook (touches no user)',
    responses: { 200: webhookStatusSchema },
    errors: [],
  }),
} as const;
