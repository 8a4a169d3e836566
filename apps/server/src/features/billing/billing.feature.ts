import { createStripeProvider, type StripeSettings } from '../../platform/billing/stripe-provider.ts';
import { createTestModeProvider } from '../../platform/billing/test-mode-provider.ts';
import { createUnconfiguredProvider } from '../../platform/billing/unconfigured-provider.ts';
import { storedSecret } from '../../platform/crypto/secrets.ts';
import type { Feature, FeatureDeps, FeatureModule } from '../../platform/feature-module.ts';
import { defineJob } from '../../platform/jobs/job-queue.ts';
import { billingRoutes } from './billing.routes.ts';
import {
  BILLING_EVENTS_QUEUE,
  type BillingEventJob,
  BillingService,
  billingEventsQueueSettings,
  STRIPE_REFRESH_BATCH,
  STRIPE_REFRESH_QUEUE,
  type StripeRefreshJob,
  stripeRefreshQueueSettings,
} from './billing.service.ts';

/** Stripe when configured (ADR 0013), else test mode where allowed, else billing is off. */
type BillingSettings = { stripe: StripeSettings | undefined; billingTestMode: boolean };

/** How long to wait before trying again to end other providers' Premium, while the database is away. */
const PROVIDER_RETRY_MS = 5_000;

/**
 * Stripe's subscriptions are read this long after a start, off its busy moment; processes started
 * meanwhile find the run queued and add none (ADR 0098).
 */
const STRIPE_REFRESH_DELAY_SECONDS = 30;

/** Premium: checkout, portal, cancel, the provider's webhook and its events, worked from the queue. */
export const billingFeature: Feature<BillingSettings> = {
  name: 'billing',
  build: (deps, settings) => billingModule(deps, settings),
};

function billingModule(deps: FeatureDeps, settings: BillingSettings): FeatureModule {
  const { db, logger } = deps;
  const service = new BillingService({
    db,
    jobs: deps.jobs,
    now: deps.clock,
    provider: settings.stripe
      ? createStripeProvider(settings.stripe, deps.publicOrigin)
      : settings.billingTestMode
        ? createTestModeProvider(storedSecret(db, 'billing-test-webhook'))
        : createUnconfiguredProvider(),
  });
  let retry: NodeJS.Timeout | undefined;
  let closing = false;
  // Once the database answers: a server started while it is down still starts (health says so).
  const endOtherProvidersPremium = async (): Promise<void> => {
    try {
      const ended = await service.honourOnlyCurrentProvider();
      if (ended > 0) logger.warn({ ended }, 'Premium bought through another billing provider ended');
    } catch (error) {
      if (closing) return;
      logger.warn({ err: error }, 'could not end Premium of other billing providers yet; retrying');
      retry = setTimeout(() => void endOtherProvidersPremium(), PROVIDER_RETRY_MS);
      retry.unref();
    }
  };
  return {
    offers: { hasRenewingSubscription: (userId) => service.hasRenewingSubscription(userId) },
    routes: billingRoutes(service),
    jobs: [
      defineJob<BillingEventJob>({
        name: BILLING_EVENTS_QUEUE,
        settings: billingEventsQueueSettings,
        handler: (job) => service.processEvent(job),
      }),
      ...(settings.stripe
        ? [
            defineJob<StripeRefreshJob>({
              name: STRIPE_REFRESH_QUEUE,
              settings: stripeRefreshQueueSettings,
              atStart: {
                data: { after: null, batch: STRIPE_REFRESH_BATCH },
                delaySeconds: STRIPE_REFRESH_DELAY_SECONDS,
              },
              handler: async (job) => {
                const unread = await service.refreshStripeSubscriptions(job);
                if (unread.length > 0) {
                  logger.warn({ businesses: unread }, 'Stripe subscriptions not read; tried again at the next start');
                }
              },
            }),
          ]
        : []),
    ],
    start: () => {
      void endOtherProvidersPremium();
    },
    close: () => {
      closing = true;
      clearTimeout(retry);
    },
  };
}
