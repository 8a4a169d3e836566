import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/client.ts';
import { AUTH_EMAIL_QUEUE } from '../../src/features/auth/auth-mail.ts';
import { buildTestApp } from '../support/app.ts';
import { GOOD_PASSWORD, pkcePair, uniqueEmail } from '../support/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { startMailCatcher } from '../support/mail-catcher.ts';
import { type StalledSmtp, startStalledSmtp } from '../support/stalled-smtp.ts';

/**
 * The review's outage: an SMTP server that greets and then goes silent. Mail is sent by the job
 * queue after the request's transaction, so sign-ups, the health check and shutdown carry on.
 */
let database: TestDatabase;
let stalledSmtp: StalledSmtp;

beforeAll(async () => {
  database = await createTestDatabase();
  stalledSmtp = await startStalledSmtp();
});

afterAll(async () => {
  await stalledSmtp.close();
  await database.drop();
});

const jobStates = async (email: string) => {
  const { rows } = await database.db.$client.query<{ state: string }>(
    `select j.state from pgboss.job j join users u on u.id = (j.data->>'userId')::uuid
     where j.name = $1 and u.email = $2`,
    [AUTH_EMAIL_QUEUE, email],
  );
  return rows.map((row) => row.state);
};

describe('a stalled mail server', () => {
  it('never holds a request, a transaction or shutdown: sign-ups answer, health stays up, and the mail waits in the queue', async () => {
    // A small pool: before the fix, three stalled sign-ups held every connection "idle in transaction".
    const pool = createDatabase(database.url, { maxConnections: 3 });
    const app = await buildTestApp(pool, { mailer: stalledSmtp.mailer(1000) });
    const emails = Array.from({ length: 6 }, () => uniqueEmail('stalled'));
    try {
      const signUps = await Promise.all(
        emails.map((email) =>
          app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: GOOD_PASSWORD } }),
        ),
      );
      expect(signUps.map((response) => response.statusCode)).toEqual(emails.map(() => 201));
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      // The worker has met the silent server by now, or soon will; nothing waits in a transaction.
      await expect.poll(() => stalledSmtp.openSockets.size, { timeout: 5000 }).toBeGreaterThan(0);
      const idle = await database.db.$client.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction'`,
      );
      expect(idle.rows[0].n).toBe(0);
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      // The account exists and its confirmation mail is queued for retry, not lost.
      const first = emails[0] as string;
      await expect.poll(() => jobStates(first), { timeout: 10_000 }).toEqual(['retry']);
    } finally {
      // Shutdown does not wait for the stalled conversation.
      await app.close();
      await pool.$client.end();
    }
  });

  it('lets the user ask again once mail works, and the link arrives', async () => {
    const email = uniqueEmail('later');
    const stalledPool = createDatabase(database.url);
    const stalled = await buildTestApp(stalledPool, { mailer: stalledSmtp.mailer(500) });
    expect(
      (await stalled.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, password: GOOD_PASSWORD } }))
        .statusCode,
    ).toBe(201);
    await expect.poll(() => jobStates(email), { timeout: 10_000 }).toEqual(['retry']);
    await stalled.close();
    await stalledPool.$client.end();

    const mail = await startMailCatcher();
    const working = await buildTestApp(database.db, { mailer: mail.mailer });
    try {
      // The per-email mail limit allows one a minute; the sign-up used it.
      await database.db.$client.query(`delete from rate_limit_counters where key like 'mail:email:%'`);
      const { challenge } = pkcePair();
      const resend = await working.inject({
        method: 'POST',
        url: '/api/auth/resend',
        payload: { email, code_challenge: challenge },
      });
      expect(resend.statusCode).toBe(200);
      const link = mail.linkIn(await mail.nextMailTo(email), /^\/auth\/callback$/);
      expect(link.searchParams.get('code')).toBeTruthy();
    } finally {
      await working.close();
      await mail.close();
    }
  });
});
