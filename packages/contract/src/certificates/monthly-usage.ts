import { z } from 'zod/mini';

/*
 * A module of its own: billing's subscription view carries it too, and sharing certificates.ts with
 * billing's pages would split it out of the share page's chunk (PRODUCT.md, Budgets).
 */

/** Completed certificates this month (`YYYY-MM` in the user's time zone) and the plan's limit. */
export const monthlyUsageSchema = z.object({
  month: z.string(),
  completed: z.number(),
  /** null for premium: no limit. */
  limit: z.nullable(z.number()),
});
export type MonthlyUsage = z.infer<typeof monthlyUsageSchema>;
