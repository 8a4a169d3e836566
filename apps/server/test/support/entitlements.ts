import type { Queryable } from '../../src/db/client.ts';
import { entitlements } from '../../src/platform/entitlements/entitlements.ts';
import { businessIdOf } from './teams.ts';

const A_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Makes the user's business premium (Premium is the business's, ADR 0077) through the same write
 * billing uses, until `until` (a year from now by default).
 */
export async function grantPremium(
  db: Queryable,
  userId: string,
  until = new Date(Date.now() + A_YEAR_MS),
): Promise<void> {
  await entitlements.setSubscription(db, await businessIdOf(db, userId), {
    subscribed: true,
    tier: 'premium',
    end: until,
    provider: 'test',
  });
}
