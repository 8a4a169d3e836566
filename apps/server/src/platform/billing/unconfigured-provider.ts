import { BILLING_MESSAGES, errorCodes } from '@app/contract';
import { AppError } from '../errors.ts';
import type { BillingProvider } from './billing-provider.ts';

/**
 * A server with no Stripe keys that is not a laptop (PUBLIC_URL elsewhere than localhost) and not
 * told BILLING_TEST_MODE=true: test mode would hand out Premium for nothing, so nothing is sold and
 * every billing call says so plainly (ADR 0024).
 */
export function createUnconfiguredProvider(): BillingProvider {
  const notConfigured = async (): Promise<never> => {
    throw new AppError(503, errorCodes.serviceUnavailable, BILLING_MESSAGES.notConfigured);
  };
  return {
    mode: 'off',
    createCustomer: notConfigured,
    createCheckout: notConfigured,
    createPortal: notConfigured,
    retrieveSubscription: notConfigured,
    cancelAtPeriodEnd: notConfigured,
    webhookSecret: notConfigured,
  };
}
