import { BILLING_PAGES, queryString } from '@app/contract';
import Stripe from 'stripe';
import { type BillingProvider, BillingProviderError } from './billing-provider.ts';
import { quantityOfSeats, subscriptionFromStripe } from './stripe-events.ts';

/** Stripe billing (ADR 0013); without it the local test-mode provider sells Premium. */
export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  prices: { monthly: string; yearly: string };
  /** The API's origin, when it is not Stripe's (a local peer in tests). */
  apiUrl: URL | undefined;
};

/** A call to Stripe gives up after this long; checkout and portal requests wait on it (nothing else does). */
const STRIPE_TIMEOUT_MS = 10_000;

/** Stripe: Checkout Sessions in subscription mode, the Customer Portal, signed webhooks (ADR 0013). */
export function createStripeProvider(settings: StripeSettings, origin: () => string): BillingProvider {
  const apiUrl = settings.apiUrl;
  const stripe = new Stripe(settings.secretKey, {
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
    ...(apiUrl && {
      host: apiUrl.hostname,
      port: apiUrl.port || (apiUrl.protocol === 'https:' ? 443 : 80),
      protocol: apiUrl.protocol === 'https:' ? 'https' : 'http',
    }),
  });
  return {
    mode: 'stripe',
    createCustomer: (user) =>
      callStripe(async () => (await stripe.customers.create({ email: user.email, metadata: { user_id: user.id } })).id),
    createCheckout: (request) =>
      callStripe(async () => {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: request.customerId,
          client_reference_id: request.userId,
          line_items: [{ price: settings.prices[request.interval], quantity: quantityOfSeats(request.extraSeats) }],
          subscription_data: { metadata: { user_id: request.userId } },
          success_url: `${origin()}${BILLING_PAGES.checkoutReturn}${queryString({ return_to: request.returnTo })}`,
          cancel_url: `${origin()}${BILLING_PAGES.pricing}`,
        });
        if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
        return session.url;
      }),
    createPortal: (customerId, returnTo) =>
      callStripe(
        async () =>
          (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: `${origin()}${returnTo}` }))
            .url,
      ),
    retrieveSubscription: (known) =>
      callStripe(async () => subscriptionFromStripe(await stripe.subscriptions.retrieve(known.subscriptionId))),
    cancelAtPeriodEnd: (known) =>
      callStripe(async () =>
        subscriptionFromStripe(await stripe.subscriptions.update(known.subscriptionId, { cancel_at_period_end: true })),
      ),
    webhookSecret: async () => settings.webhookSecret,
  };
}

async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new BillingProviderError('Stripe call failed', { cause: error });
  }
}
