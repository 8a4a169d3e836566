import {
  type BillingInterval,
  EXTRA_SEAT_PRICES_AUD_CENTS,
  FREE_MONTHLY_COMPLETED_LIMIT,
  formatAud,
  PREMIUM_PRICES_AUD_CENTS,
} from '@app/contract';

/** What each plan gives (PRODUCT.md, Plans), as /pricing and /subscription word it. */
export const planFeatures = {
  free: [
    `${FREE_MONTHLY_COMPLETED_LIMIT} completed certificates a month`,
    'Unlimited drafts, kept and readable',
    'PDF download and share links',
  ],
  premium: [
    'Unlimited completed certificates',
    'Edit and delete completed certificates',
    'PDF download and share links',
  ],
} as const;

export const intervalLabels: Record<BillingInterval, { per: string; name: string }> = {
  monthly: { per: 'month', name: 'Monthly' },
  yearly: { per: 'year', name: 'Yearly' },
};

/** What Premium costs a period with `extraSeats` bought beyond its included seats: "$29". */
export const premiumPrice = (interval: BillingInterval, extraSeats = 0) =>
  formatAud(PREMIUM_PRICES_AUD_CENTS[interval] + extraSeats * EXTRA_SEAT_PRICES_AUD_CENTS[interval]);

/** "$19 a month"; with two extra seats "$29 a month". */
export const priceLabel = (interval: BillingInterval, extraSeats = 0) =>
  `${premiumPrice(interval, extraSeats)} a ${intervalLabels[interval].per}`;

/** "$5 a month": one seat beyond those Premium includes. */
export const extraSeatPriceLabel = (interval: BillingInterval) =>
  `${formatAud(EXTRA_SEAT_PRICES_AUD_CENTS[interval])} a ${intervalLabels[interval].per}`;

/** How much a year of yearly billing saves over twelve months, in whole months: "2 months free". */
export function yearlySaving(): string {
  const months = Math.round(
    (12 * PREMIUM_PRICES_AUD_CENTS.monthly - PREMIUM_PRICES_AUD_CENTS.yearly) / PREMIUM_PRICES_AUD_CENTS.monthly,
  );
  return months > 0 ? `${months} months free` : '';
}

/** A date as Australians read it: "23 December 2026". */
export const longDate = (iso: string) => new Intl.DateTimeFormat('en-AU', { dateStyle: 'long' }).format(new Date(iso));
