import type { Queryable } from '../../src/db/client.ts';
import { entitlements } from '../../src/platform/entitlements/entitlements.ts';

const A_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** Makes the user premium through the same write billing uses, until `until` (a year from now by default). */
export function grantPremium(db: Queryable, userId: string, until = new Date(Date.now() + A_YEAR_MS)): Promise<void> {
  return entitlements.setSubscription(db, userId, { subscribed: true, tier: 'premium', end: until, provider: 'test' });
}
