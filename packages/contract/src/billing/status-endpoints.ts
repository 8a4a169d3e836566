import { z } from 'zod/mini';
import { defineEndpoint } from '../http/endpoint.ts';

/**
 * The billing provider in use (DESIGN, Billing): Stripe when configured; else the local test mode on
 * a laptop (PUBLIC_URL on localhost) or where BILLING_TEST_MODE=true; else off: Premium cannot be
 * bought on this server (ADR 0024).
 */
export const BILLING_MODES = ['stripe', 'test', 'off'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

export const BILLING_NOT_CONFIGURED_MESSAGE =
  'Payments are not set up on this server yet, so Premium cannot be bought here. Everything in the free plan works.';

export const webhookStatusSchema = z.object({
  mode: z.enum(BILLING_MODES),
  /** Stripe's keys are set, so events from Stripe are verified and applied. */
  configured: z.boolean(),
  last_event: z.nullable(z.object({ type: z.string(), received_at: z.string(), test: z.boolean() })),
});
export type WebhookStatus = z.infer<typeof webhookStatusSchema>;

/**
 * Whether billing works here, for anyone: part of billingEndpoints, declared in a module of its own
 * so the public /pricing page loads this declaration and not the rest (PRODUCT.md, Budgets).
 */
export const billingStatusEndpoints = {
  webhookStatus: defineEndpoint({
    method: 'GET',
    path: '/api/billing/webhook/status',
    auth: 'none',
    summary: 'Whether webhooks are configured, and the last event received',
    responses: { 200: webhookStatusSchema },
    errors: [],
  }),
} as const;
