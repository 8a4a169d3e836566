import { CONTACT_LIMITS, rateLimits } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/client.ts';
import { CONTACT_EMAIL_QUEUE } from '../../src/features/contact/contact.service.ts';
import { buildTestApp, setUpTestApp } from '../support/app.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { startMailCatcher } from '../support/mail-catcher.ts';
import { untilRefused } from '../support/rate-limits.ts';
import { errorOf } from '../support/responses.ts';
import { type StalledSmtp, startStalledSmtp } from '../support/stalled-smtp.ts';

const SUPPORT = 'help@tradecert.test';

const { app, mail, database } = setUpTestApp({ settings: { supportEmail: SUPPORT } });

let ipCounter = 0;
/** Each test sends from its own IP, so the per-IP limit of one never spills into another. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const message = (extra: Record<string, unknown> = {}) => ({
  name: 'Jo Builder',
  email: 'jo@builder.example.com',
  company: 'Jo Builds Pty Ltd',
  message: 'Can I add my foreman as a second user?\n<b>Thanks</b>',
  ...extra,
});

const send = (payload: unknown, remoteAddress = freshIp()) =>
  app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });

const storedMessages = async (email: string, db = database) =>
  (
    await db.db.$client.query<{ name: string; company: string | null; message: string; mailed_at: Date | null }>(
      'select name, company, message, mailed_at from contact_messages where email = $1',
      [email],
    )
  ).rows;

describe('POST /api/contact', () => {
  it('stores the message and mails it to SUPPORT_EMAIL, with a reply-to of the sender', async () => {
    const response = await send(message({ email: 'stored@builder.example.com', name: '  Jo Builder  ' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ received: true });

    const mailed = await mail.nextMailTo(SUPPORT);
    expect(mailed.text).toContain('Can I add my foreman as a second user?');
    expect(mailed.text).toContain('Company: Jo Builds Pty Ltd');
    expect(mailed.raw).toMatch(/^Reply-To: stored@builder\.example\.com/im);
    // The sender's text is escaped in the HTML part.
    expect(mailed.text).toContain('&#60;b&#62;Thanks&#60;/b&#62;');
    await expect
      .poll(async () => (await storedMessages('stored@builder.example.com'))[0]?.mailed_at ?? null)
      .not.toBeNull();
    const [stored] = await storedMessages('stored@builder.example.com');
    expect(stored).toMatchObject({ name: 'Jo Builder', company: 'Jo Builds Pty Ltd' });
  });

  it('answers a bot that fills the honeypot like anyone else, and keeps and mails nothing', async () => {
    const response = await send(message({ email: 'bot@spam.example.com', website: 'https://spam.example.com' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ received: true });
    // A real message sent after it arrives first: the bot's was never queued.
    await send(message({ email: 'after-bot@builder.example.com' }));
    const next = await mail.nextMailTo(SUPPORT);
    expect(next.raw).toContain('after-bot@builder.example.com');
    expect(await storedMessages('bot@spam.example.com')).toEqual([]);
  });

  it('refuses missing, blank, malformed and oversized fields with the field named', async () => {
    for (const [payload, path] of [
      [message({ name: '   ' }), 'name'],
      [message({ email: 'not-an-email' }), 'email'],
      [message({ message: '' }), 'message'],
      [message({ message: 'x'.repeat(CONTACT_LIMITS.message + 1) }), 'message'],
      [message({ company: 'x'.repeat(CONTACT_LIMITS.company + 1) }), 'company'],
      [{ email: 'jo@builder.example.com', message: 'hello' }, 'name'],
    ] as const) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(errorOf(response).details?.map((issue) => issue.path)).toContain(path);
    }
  });

  it('refuses an address a mail header would split or quote, so it never becomes a Reply-To (ADR 0023)', async () => {
    for (const email of ['victim,other@evil.test', 'who?@evil.test', '"x"@evil.test', 'a<b>@evil.test']) {
      const response = await send(message({ email }));
      expect(response.statusCode, email).toBe(400);
      expect(errorOf(response).details?.map((issue) => issue.path)).toEqual(['email']);
    }
    const { rows } = await database.db.$client.query("select 1 from contact_messages where email like '%evil.test%'");
    expect(rows).toEqual([]);
  });

  it(`allows ${rateLimits.contact.limit} messages an hour per IP, then answers 429 with Retry-After`, async () => {
    const ip = freshIp();
    const { refused } = await untilRefused(rateLimits.contact, () =>
      send(message({ email: 'chatty@builder.example.com' }), ip),
    );
    expect(errorOf(refused).code).toBe('over_request_rate_limit');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another IP is not held back.
    expect((await send(message())).statusCode).toBe(201);
  });
});

describe('a mail outage', () => {
  // A database of its own: no other app's worker may take the job while mail is down.
  let outageDatabase: TestDatabase;
  let stalledSmtp: StalledSmtp;

  beforeAll(async () => {
    outageDatabase = await createTestDatabase();
    stalledSmtp = await startStalledSmtp();
  });

  afterAll(async () => {
    await stalledSmtp.close();
    await outageDatabase.drop();
  });

  it('loses nothing: the message is stored at once, its mail waits in the queue, and goes out once mail works', async () => {
    const pool = createDatabase(outageDatabase.url, { maxConnections: 3 });
    const stalled = await buildTestApp(pool, { settings: { supportEmail: SUPPORT }, mailer: stalledSmtp.mailer(500) });
    const email = 'outage@builder.example.com';
    const jobStates = async () =>
      (
        await outageDatabase.db.$client.query<{ state: string }>(
          `select j.state from pgboss.job j join contact_messages m on m.id = (j.data->>'messageId')::uuid
           where j.name = $1 and m.email = $2`,
          [CONTACT_EMAIL_QUEUE, email],
        )
      ).rows.map((row) => row.state);
    try {
      const response = await stalled.inject({
        method: 'POST',
        url: '/api/contact',
        payload: message({ email }),
        remoteAddress: freshIp(),
      });
      expect(response.statusCode).toBe(201);
      expect(await storedMessages(email, outageDatabase)).toHaveLength(1);
      await expect.poll(jobStates, { timeout: 10_000 }).toEqual(['retry']);
    } finally {
      await stalled.close();
      await pool.$client.end();
    }

    // Mail works again: the queued job's next attempt (made due now) delivers it.
    const workingMail = await startMailCatcher();
    const working = await buildTestApp(outageDatabase.db, {
      settings: { supportEmail: SUPPORT },
      mailer: workingMail.mailer,
    });
    try {
      await outageDatabase.db.$client.query(
        `update pgboss.job set start_after = now() where name = $1 and state = 'retry'`,
        [CONTACT_EMAIL_QUEUE],
      );
      const mailed = await workingMail.nextMailTo(SUPPORT, 15_000);
      expect(mailed.raw).toContain(email);
      await expect.poll(async () => (await storedMessages(email, outageDatabase))[0]?.mailed_at ?? null).not.toBeNull();
    } finally {
      await working.close();
      await workingMail.close();
    }
  });
});
