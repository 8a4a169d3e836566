import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from './tokens.ts';

const claims = {
  userId: 'user-1',
  sessionId: 'session-1',
  email: 'owner@example.com',
  membership: { businessId: 'business-1', role: 'owner' as const },
};

describe('access token checks', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a token checked before from memory only while it lives, and never a token that differs', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-29T10:00:00Z') });
    const tokens = new AccessTokens(async () => 'a-secret-of-enough-length-for-hs256', 60);
    const { token } = await tokens.issue(claims);
    expect(await tokens.check(token)).toEqual({ valid: true, claims });
    expect(await tokens.check(token)).toEqual({ valid: true, claims });

    // The same claims under a signature one character off: remembered tokens are matched whole.
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    expect(await tokens.check(`${token.slice(0, -1)}${last}`)).toEqual({ valid: false, reason: 'invalid' });
    // Another key's token with the same claims is not the remembered one either.
    const forged = await new AccessTokens(async () => 'another-secret-of-enough-length', 60).issue(claims);
    expect(await tokens.check(forged.token)).toEqual({ valid: false, reason: 'invalid' });

    vi.setSystemTime(new Date('2026-11-29T10:00:59Z'));
    expect(await tokens.check(token)).toEqual({ valid: true, claims });
    vi.setSystemTime(new Date('2026-11-29T10:01:01Z'));
    expect(await tokens.check(token)).toEqual({ valid: false, reason: 'expired' });
  });
});
