import { z } from 'zod/mini';
import { monthlyUsageSchema } from '../certificates/monthly-usage.ts';
import { SUBSCRIPTION_TIERS } from '../constants.ts';
import { extraSeatsSchema } from '../teams/seats.ts';
import { BILLING_INTERVALS } from './prices.ts';
import { BILLING_MODES, BILLING_NOT_CONFIGURED_MESSAGE } from './status-endpoints.ts';

/**
 * Where a subscription stands, for the user: none (never subscribed or ended), active, canceling
 * (ends at the period's end), past_due (a payment failed; Premium stays while the provider retries).
 */
export const SUBSCRIPTION_STATUSES = ['none', 'active', 'canceling', 'past_due'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const subscriptionViewSchema = z.object({
  mode: z.enum(BILLING_MODES),
  tier: z.enum(SUBSCRIPTION_TIERS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** When Premium renews (active), ends (canceling) or ended; null without one. */
  period_end: z.nullable(z.string()),
  cancel_at_period_end: z.boolean(),
  /** How often Premium renews, as bought; null without Premium, or for one bought before this was kept. */
  interval: z.nullable(z.enum(BILLING_INTERVALS)),
  /** A payment failed and has not been settled since. */
  payment_failed: z.boolean(),
  /** The user has a billing account to manage (card, invoices). */
  can_manage: z.boolean(),
  /** This month's completed certificates and the plan's limit ("3 of 5"). */
  usage: monthlyUsageSchema,
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/**
 * A path inside the app to come back to (after checkout or the portal): one leading slash, never
 * `//host`, so it cannot send the user to another site.
 */
export const returnPathSchema = z
  .string()
  .check(z.maxLength(500), z.regex(/^\/(?![/\\])[^\s]*$/, 'Must be a path in this app, e.g. /certificates/new'));

export const checkoutRequestSchema = z.object({
  interval: z.enum(BILLING_INTERVALS),
  /** Seats to buy beyond the five Premium includes (ADR 0077); none when left out. */
  extra_seats: z.optional(extraSeatsSchema),
  return_to: z.optional(returnPathSchema),
});
export const portalRequestSchema = z.object({ return_to: z.optional(returnPathSchema) });
export const redirectResponseSchema = z.object({ url: z.string() });

/** Test mode's checkout page completes a checkout begun with this interval. */
export const testCheckoutCompleteSchema = z.object({
  interval: z.enum(BILLING_INTERVALS),
  extra_seats: z.optional(extraSeatsSchema),
});

/** Test mode's counterpart of the portal's quantity change: the extra seats from now on. */
export const testSeatsChangeSchema = z.object({ extra_seats: extraSeatsSchema });

export const webhookReceivedSchema = z.object({ received: z.literal(true) });

export const BILLING_MESSAGES = {
  signatureInvalid: 'The webhook signature could not be verified.',
  noBillingAccount: 'You have no subscription to manage yet.',
  alreadyPremium: 'You already have Premium.',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a minute.',
  testModeOnly: 'This is only available in billing test mode.',
  notConfigured: BILLING_NOT_CONFIGURED_MESSAGE,
} as const;
