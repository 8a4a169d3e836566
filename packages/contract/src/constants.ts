/** Business constants from PRODUCT.md, Constants, shared so client pre-checks and server rules cannot drift. */
export const FREE_MONTHLY_COMPLETED_LIMIT = 5;
export const SUBSCRIPTION_TIERS = ['free', 'premium'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';
