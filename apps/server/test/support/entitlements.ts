import type { Queryable } from '../../src/db/client.ts';
import { entitlements } from '../../src/platform/entitlements/entitlements.ts';

/** Makes the user premium through the same write billing uses: until `until`, or with no end. */
export function grantPremium(db: Queryable, userId: string, until: Date | null = null): Promise<void> {
  return entitlements.setSubscription(db, userId, { subscribed: true, tier: 'premium', end: until });
}
