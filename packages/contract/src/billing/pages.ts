/*
 * Kept apart from billing.ts (schemas): the Upgrade links on every screen import this, and a module
 * with zod schemas would bring them all into the first pages' JavaScript.
 */
/** The web pages billing sends people to (the server builds the URLs, the web routes them). */
export const BILLING_PAGES = {
  /** Test mode's checkout and portal, marked TEST MODE. */
  testCheckout: '/billing/test-checkout',
  /** Where a paid checkout returns: waits for Premium, then goes back to `return_to`. */
  checkoutReturn: '/billing/return',
  pricing: '/pricing',
  subscription: '/subscription',
} as const;
