/*
 * Kept apart from billing.ts (schemas), as pages.ts is: the public landing and terms pages quote the
 * prices, and a module with zod schemas would split them into a chunk the share page loads too.
 */
/** PRODUCT.md, Plans: Premium is sold monthly or yearly. */
export const BILLING_INTERVALS = ['monthly', 'yearly'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** Prices in Australian cents, GST included (shown on /pricing; Stripe's prices must match, by env). */
export const PREMIUM_PRICES_AUD_CENTS: Readonly<Record<BillingInterval, number>> = {
  monthly: 1900,
  yearly: 19000,
};

/**
 * One seat beyond Premium's included five, in Australian cents a period, GST included (ADR 0093).
 * Stripe's graduated Premium price charges each unit after the first this much, by env as above.
 */
export const EXTRA_SEAT_PRICES_AUD_CENTS: Readonly<Record<BillingInterval, number>> = {
  monthly: 500,
  yearly: 5000,
};

/** A price as people read it: 1900 → "$19", 1950 → "$19.50". */
export function formatAud(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}
