import { describe, expect, it } from 'vitest';
import { monthlyAllowance } from './monthly-allowance.ts';

const usage = (completed: number, limit: number | null) => ({ month: '2026-11', completed, limit });

describe('monthlyAllowance', () => {
  it('is unlimited on Premium, however many were completed', () => {
    expect(monthlyAllowance(usage(40, null))).toEqual({ state: 'unlimited', completed: 40 });
  });

  it('has plenty left until one certificate remains', () => {
    expect(monthlyAllowance(usage(0, 5))).toEqual({ state: 'plenty', completed: 0, limit: 5, remaining: 5 });
    expect(monthlyAllowance(usage(3, 5))).toMatchObject({ state: 'plenty', remaining: 2 });
  });

  it('is close to the limit with one left', () => {
    expect(monthlyAllowance(usage(4, 5))).toEqual({ state: 'close', completed: 4, limit: 5, remaining: 1 });
  });

  it('is reached at the limit, and never counts below zero left past it', () => {
    expect(monthlyAllowance(usage(5, 5))).toMatchObject({ state: 'reached', remaining: 0 });
    // A limit lowered after certificates were completed.
    expect(monthlyAllowance(usage(7, 5))).toMatchObject({ state: 'reached', remaining: 0 });
  });
});
