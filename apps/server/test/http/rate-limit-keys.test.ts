import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { uniqueEmail } from '../support/auth-helpers.ts';

/*
 * ADR 0023: rate-limit counters once kept a deleted account's email in their keys for up to a
 * day. Keys now hold a keyed digest of the subject, and the limits still hold.
 */

const { database, app } = setUpTestApp();

describe('rate-limit keys', () => {
  it('never hold an email or an IP address, and still count per subject', async () => {
    const email = uniqueEmail('counted');
    const ip = '203.0.113.77';
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: ip,
        payload: { email, password: 'not-the-password-at-all' },
      });
    for (let index = 0; index < 3; index++) expect((await attempt()).statusCode).toBe(400);

    const { rows } = await database.db.$client.query<{ key: string; count: number }>(
      'select key, count from rate_limit_counters',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { key } of rows) {
      expect(key).not.toContain(email);
      expect(key).not.toContain(email.split('@')[0]);
      expect(key).not.toContain(ip);
    }
    // The same subject lands on the same counter: three attempts, one key per rule, counted three times.
    expect(rows.filter((row) => row.count === 3).length).toBeGreaterThan(0);
  });
});
