import type { MonthlyUsage } from '@app/contract';

/** With this many completed certificates left this month, or fewer, the dashboard offers Premium. */
const CLOSE_TO_LIMIT_REMAINING = 1;

/**
 * Where the month's allowance stands: unlimited (Premium), plenty left, close to the limit, or
 * reached (PRODUCT.md, Dashboard).
 */
export type MonthlyAllowance =
  | { state: 'unlimited'; completed: number }
  | { state: 'plenty' | 'close' | 'reached'; completed: number; limit: number; remaining: number };

export function monthlyAllowance({ completed, limit }: MonthlyUsage): MonthlyAllowance {
  if (limit === null) return { state: 'unlimited', completed };
  const remaining = Math.max(0, limit - completed);
  const state = remaining === 0 ? 'reached' : remaining <= CLOSE_TO_LIMIT_REMAINING ? 'close' : 'plenty';
  return { state, completed, limit, remaining };
}
