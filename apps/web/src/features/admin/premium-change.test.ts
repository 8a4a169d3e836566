import { describe, expect, it } from 'vitest';
import { planOf, premiumChangeOf, reasonProblem } from './premium-change.ts';

describe('the admin console’s Premium change', () => {
  it('lists each plan in words', () => {
    expect(planOf({ tier: 'free', complimentary: false })).toBe('Free');
    expect(planOf({ tier: 'premium', complimentary: true })).toBe('Premium (complimentary)');
    expect(planOf({ tier: 'premium', complimentary: false })).toBe('Premium (paid)');
  });

  it('offers to revoke only Premium that was given, to grant it to a free user, and nothing to one who pays', () => {
    const revoke = { action: 'revoke', verb: 'Revoke complimentary Premium' };
    expect(premiumChangeOf({ tier: 'premium', complimentary: true })).toEqual(revoke);
    expect(premiumChangeOf({ tier: 'free', complimentary: false })).toEqual({ action: 'grant', verb: 'Grant Premium' });
    expect(premiumChangeOf({ tier: 'premium', complimentary: false })).toBeNull();
  });

  it('asks for a reason before sending, and blank space is no reason', () => {
    expect(reasonProblem('')).toBe('Give a reason: it is kept in the audit log.');
    expect(reasonProblem('   \n')).toBe('Give a reason: it is kept in the audit log.');
    expect(reasonProblem('Sponsored trade association member')).toBeUndefined();
  });
});
