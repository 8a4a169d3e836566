import { sessionSchema } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { parseStoredSession } from './stored-session.ts';

const session = {
  access_token: 'access',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: 1_750_000_000,
  refresh_token: 'refresh',
  user: { id: 'user-1', email: 'user-1@example.com', email_confirmed_at: null, created_at: '2025-06-01T09:00:00Z' },
};

/** Stored values the check must judge as the contract's schema does. */
const samples: Record<string, unknown> = {
  'a session': session,
  'a recovery session': { ...session, recovery: true },
  'a confirmed user': { ...session, user: { ...session.user, email_confirmed_at: '2025-06-01T09:05:00Z' } },
  'no access token': { ...session, access_token: undefined },
  'another token type': { ...session, token_type: 'mac' },
  'expiry as text': { ...session, expires_at: '1750000000' },
  'no lifetime': { ...session, expires_in: undefined },
  'a numeric refresh token': { ...session, refresh_token: 42 },
  'recovery as text': { ...session, recovery: 'yes' },
  'no user': { ...session, user: null },
  'a user without an email': { ...session, user: { ...session.user, email: undefined } },
  'a user without an id': { ...session, user: { ...session.user, id: 7 } },
  'confirmation as a number': { ...session, user: { ...session.user, email_confirmed_at: 1 } },
  'no creation time': { ...session, user: { ...session.user, created_at: undefined } },
  'a list': [session],
  'a string': 'session',
  null: null,
};

describe('a stored session', () => {
  for (const [name, value] of Object.entries(samples)) {
    it(`is judged as the contract's schema judges it: ${name}`, () => {
      const parsed = parseStoredSession(JSON.stringify(value));
      expect(parsed !== null).toBe(sessionSchema.safeParse(value).success);
    });
  }

  it('is nothing when the stored text is not JSON', () => {
    expect(parseStoredSession('{"access_token":')).toBeNull();
  });
});
