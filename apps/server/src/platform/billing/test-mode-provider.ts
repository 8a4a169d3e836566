import { BILLING_PAGES, queryString } from '@app/contract';
import type { BillingProvider } from './billing-provider.ts';

/**
 * Billing without a payment provider (the default, so `npm start` sells Premium offline): checkout
 * and the portal are one in-app page marked TEST MODE. What it completes is applied by the same
 * code as Stripe's events.
 */
export function createTestModeProvider(webhookSecret: () => Promise<string>): BillingProvider {
  // A path: the page is this app's own, wherever it is served.
  const testPage = (query: Record<string, string>) => `${BILLING_PAGES.testCheckout}${queryString(query)}`;
  return {
    mode: 'test',
    createCustomer: async (user) => `test_cus_${user.id}`,
    createCheckout: async (request) =>
      testPage({
        interval: request.interval,
        ...(request.extraSeats > 0 && { extra_seats: String(request.extraSeats) }),
        return_to: request.returnTo,
      }),
    createPortal: async (_customerId, returnTo) => testPage({ manage: '1', return_to: returnTo }),
    // Nothing remote to read: the state last applied is the state.
    retrieveSubscription: async (known) => known,
    cancelAtPeriodEnd: async (known) => ({ ...known, cancelAtPeriodEnd: true }),
    webhookSecret,
  };
}
