import type { BillingInterval, BillingMode } from '@app/contract';

/**
 * A subscription as the provider reports it, in the provider's words (Stripe's statuses: active,
 * trialing, past_due, unpaid, canceled, incomplete…). The billing feature turns it into the
 * subscriber record; both providers hand it the same shape, so test mode runs the same code path.
 */
export type ProviderSubscription = {
  customerId: string;
  subscriptionId: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedAt: Date | null;
  /**
   * Seats bought beyond Premium's (ADR 0077): the subscription item's quantity less the one unit
   * that is Premium itself. Undefined when the state was not read from the provider (kept as it is).
   */
  extraSeats?: number | undefined;
  /** How often it renews, as bought. Undefined when the provider's state did not say (kept as it is). */
  interval?: BillingInterval | undefined;
};

type CheckoutRequest = {
  userId: string;
  customerId: string;
  interval: BillingInterval;
  /** Seats to buy beyond Premium's: the item's quantity is one more (ADR 0077). */
  extraSeats: number;
  /** The page of the app to come back to once Premium is active (a path). */
  returnTo: string;
};

/** DESIGN, Billing: one interface, a Stripe driver and a local test-mode driver. */
export interface BillingProvider {
  readonly mode: BillingMode;
  /** Creates the provider's customer for a user (once; the feature stores its id). */
  createCustomer(user: { id: string; email: string }): Promise<string>;
  /** The URL of a checkout page that subscribes `customerId` to Premium. */
  createCheckout(request: CheckoutRequest): Promise<string>;
  /** The URL of the provider's billing portal for `customerId`, coming back to `returnTo` (a path). */
  createPortal(customerId: string, returnTo: string): Promise<string>;
  /** The subscription as it is now; `known` is what was last applied (test mode has nothing else to read). */
  retrieveSubscription(known: ProviderSubscription): Promise<ProviderSubscription>;
  /** Asks for the subscription to end at its period's end; answers the subscription after that. */
  cancelAtPeriodEnd(known: ProviderSubscription): Promise<ProviderSubscription>;
  /** The secret webhook events are signed with. */
  webhookSecret(): Promise<string>;
}

/** The provider could not be reached or refused a call; the request may be tried again. */
export class BillingProviderError extends Error {}
