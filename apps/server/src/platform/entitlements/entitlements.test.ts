import { describe, expect, it } from 'vitest';
import { entitlementOf } from './entitlements.ts';

describe('entitlementOf (PRODUCT.md, Plans)', () => {
  const now = new Date('2026-11-15T02:00:00Z');
  const later = new Date('2026-12-15T02:00:00Z');
  const earlier = new Date('2026-10-15T02:00:00Z');

  it('is free without a record, or with one not marked subscribed', () => {
    expect(entitlementOf(undefined, now)).toEqual({ premium: false, subscriptionEnd: null });
    expect(entitlementOf({ subscribed: null, subscriptionEnd: null, complimentarySince: null }, now).premium).toBe(
      false,
    );
    expect(entitlementOf({ subscribed: false, subscriptionEnd: later, complimentarySince: null }, now)).toEqual({
      premium: false,
      subscriptionEnd: later,
    });
  });

  it('is premium while subscribed until its end, and free from the end on or with no end', () => {
    expect(entitlementOf({ subscribed: true, subscriptionEnd: null, complimentarySince: null }, now).premium).toBe(
      false,
    );
    expect(entitlementOf({ subscribed: true, subscriptionEnd: later, complimentarySince: null }, now)).toEqual({
      premium: true,
      subscriptionEnd: later,
    });
    expect(entitlementOf({ subscribed: true, subscriptionEnd: now, complimentarySince: null }, now).premium).toBe(
      false,
    );
    expect(entitlementOf({ subscribed: true, subscriptionEnd: earlier, complimentarySince: null }, now)).toEqual({
      premium: false,
      subscriptionEnd: earlier,
    });
  });

  it('is premium while a complimentary grant stands, whatever the paid subscription says', () => {
    expect(entitlementOf({ subscribed: null, subscriptionEnd: null, complimentarySince: earlier }, now)).toEqual({
      premium: true,
      subscriptionEnd: null,
    });
    expect(
      entitlementOf({ subscribed: true, subscriptionEnd: earlier, complimentarySince: earlier }, now).premium,
    ).toBe(true);
  });
});
