import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Session, sessionSchema } from '@app/contract';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_EMAIL_QUEUE } from '../../src/features/auth/auth-mail.ts';
import { CONTACT_EMAIL_QUEUE } from '../../src/features/contact/contact.service.ts';
import { SIGNING_EMAIL_QUEUE, SIGNING_SWEEP_QUEUE } from '../../src/features/signing/signing-queues.ts';
import { JobQueue } from '../../src/platform/jobs/job-queue.ts';
import { ORPHAN_UPLOADS_QUEUE } from '../../src/platform/storage/orphan-uploads.ts';
import { GOOD_PASSWORD, pkcePair, uniqueEmail } from '../support/auth-helpers.ts';
import { completedCertificateBody } from '../support/certificates.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { giveIssuer } from '../support/issuer.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail-catcher.ts';
import { multipartBody } from '../support/multipart.ts';
import { type RoundRobinProxy, SERVED_BY_HEADER, startRoundRobinProxy } from '../support/round-robin-proxy.ts';
import { type S3Server, startS3Server } from '../support/s3-server.ts';
import { type ServerProcess, spawnServer } from '../support/server-process.ts';

/**
 * ADR 0044: two server processes on one PostgreSQL and one S3 bucket, behind a round-robin proxy.
 * Everything that must hold across instances (sessions, revocations, limits, jobs, files) is in
 * PostgreSQL or the file store, never in one process's memory; this shows it from the outside.
 * The integration suite also runs against Debian's PostgreSQL 15 in CI (scripts/with-external-postgres.sh).
 */

/**
 * The one file store both instances share: an S3-speaking server on loopback (s3rver), as a
 * deployment's bucket. Each instance has a DATA_DIR of its own, so nothing is shared through a disk.
 */
function sharedFileStore(s3: S3Server) {
  const bucket = s3.storage();
  return {
    env: s3.env,
    holds: async (storageKey: string) => (await bucket.read(storageKey)) !== null,
  };
}

const SUPPORT_EMAIL = 'support@several.test';

let dataDir: string;
let s3: S3Server;
let database: TestDatabase;
let mail: MailCatcher;
let proxy: RoundRobinProxy;
let store: ReturnType<typeof sharedFileStore>;
const instances: Record<'A' | 'B', { process: ServerProcess; url: string }> = {} as never;

const query = (text: string, values: unknown[] = []) => database.db.$client.query(text, values);

async function startInstance(name: 'A' | 'B') {
  const server = spawnServer({
    ...store.env,
    DATA_DIR: path.join(dataDir, name),
    DATABASE_URL: database.url,
    PORT: '0',
    PUBLIC_URL: proxy.url,
    SMTP_URL: mail.url,
    SUPPORT_EMAIL,
    // Behind the proxy every client has its address: no per-IP connection cap (as with TRUST_PROXY).
    MAX_CONNECTIONS_PER_IP: '0',
    PDF_RENDER_THREADS: '1',
    LOG_LEVEL: 'info',
  });
  const ready = await server.waitForLog((line) => line.msg === 'server ready', 120_000);
  instances[name] = { process: server, url: String(ready.url) };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tradecert-several-'));
  await chmod(dataDir, 0o700);
  s3 = await startS3Server();
  store = sharedFileStore(s3);
  database = await createTestDatabase();
  mail = await startMailCatcher();
  proxy = await startRoundRobinProxy();
  await Promise.all([startInstance('A'), startInstance('B')]);
  proxy.setUpstreams([
    { name: 'A', url: instances.A.url },
    { name: 'B', url: instances.B.url },
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all(Object.values(instances).map((instance) => instance.process.stop('SIGTERM')));
  await proxy?.close();
  await mail?.close();
  await database?.drop();
  await s3?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; body: unknown; servedBy: string | null };

async function call(base: string, method: string, route: string, options: { body?: unknown; token?: string } = {}) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's 502): kept as text.
  }
  return { status: response.status, body, servedBy: response.headers.get(SERVED_BY_HEADER) } satisfies Answer;
}

const codeOf = (answer: Answer) => (answer.body as { error?: { code?: string } }).error?.code;

/** Signs up on `signUpOn`, and exchanges the emailed code on `exchangeOn`: a confirmed, signed-in user. */
async function newUser(signUpOn: string, exchangeOn = signUpOn, email = uniqueEmail('several')) {
  const { verifier, challenge } = pkcePair();
  const signUp = await call(signUpOn, 'POST', '/api/auth/signup', {
    body: { email, password: GOOD_PASSWORD, code_challenge: challenge },
  });
  expect(signUp.status).toBe(201);
  const link = mail.linkIn(await mail.nextMailTo(email, 15_000), /^\/auth\/callback$/);
  const exchange = await call(exchangeOn, 'POST', '/api/auth/exchange', {
    body: { auth_code: link.searchParams.get('code'), code_verifier: verifier },
  });
  expect(exchange.status).toBe(200);
  const session = sessionSchema.parse((exchange.body as { session: unknown }).session);
  await giveIssuer(exchangeOn, session.access_token);
  return { email, session };
}

async function signIn(base: string, email: string): Promise<Session> {
  const answer = await call(base, 'POST', '/api/auth/signin', { body: { email, password: GOOD_PASSWORD } });
  expect(answer.status).toBe(200);
  return sessionSchema.parse(answer.body);
}

async function uploadPhoto(base: string, session: Session) {
  const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();
  const body = multipartBody(image, 'photo.jpg', 'image/jpeg');
  const response = await fetch(`${base}/api/certificates/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.access_token}`, ...body.headers },
    body: body.payload,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { file_id: string; url: string };
}

/** Waits until no job of `queues` is waiting, running or due for a retry, on any instance. */
async function untilQueuesIdle(queues: string[]) {
  await expect
    .poll(
      async () =>
        Number(
          (
            await query(
              `select count(*) from pgboss.job where name = any($1) and state in ('created', 'active', 'retry')`,
              [queues],
            )
          ).rows[0].count,
        ),
      { timeout: 30_000, interval: 200 },
    )
    .toBe(0);
}

/** Enqueues `count` jobs on `queue` at once from outside both instances, as if each one's schedule fired. */
async function enqueueFromOutside(queue: string, count: number) {
  const producer = new JobQueue(database.db, pino({ level: 'silent' }));
  await producer.start();
  try {
    await Promise.all(
      Array.from({ length: count }, () => database.db.transaction((tx) => producer.enqueue(tx, queue, {}))),
    );
  } finally {
    await producer.stop(1000);
  }
}

const mailsTo = (address: string) => mail.messages.filter((message) => message.to.includes(address));
const logLinesOf = (message: string) =>
  Object.values(instances).flatMap((instance) => instance.process.logs.filter((line) => line.msg === message));

describe('two instances on one PostgreSQL, behind a round-robin proxy', () => {
  it('answers through both, sharing one signing key: a session made on A refreshes on B, and back', async () => {
    const health = await Promise.all([1, 2, 3, 4].map(() => call(proxy.url, 'GET', '/api/health')));
    expect(health.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(health.map((answer) => answer.servedBy))).toEqual(new Set(['A', 'B']));

    // Signed up on A, its emailed code exchanged on B.
    const { email } = await newUser(instances.A.url, instances.B.url);
    const onA = await signIn(instances.A.url, email);
    expect((await call(instances.B.url, 'GET', '/api/auth/user', { token: onA.access_token })).status).toBe(200);

    const refreshedOnB = await call(instances.B.url, 'POST', '/api/auth/refresh', {
      body: { refresh_token: onA.refresh_token },
    });
    expect(refreshedOnB.status).toBe(200);
    const fromB = sessionSchema.parse(refreshedOnB.body);
    expect(fromB.refresh_token).not.toBe(onA.refresh_token);
    expect((await call(instances.A.url, 'GET', '/api/auth/user', { token: fromB.access_token })).status).toBe(200);
    const refreshedOnA = await call(instances.A.url, 'POST', '/api/auth/refresh', {
      body: { refresh_token: fromB.refresh_token },
    });
    expect(refreshedOnA.status).toBe(200);
  });

  it('refuses on B the sessions a global sign-out on A ended: refresh at once, access tokens as the NOTIFY lands', async () => {
    const { email } = await newUser(proxy.url);
    for (let round = 0; round < 5; round++) {
      const [first, second] = [await signIn(instances.A.url, email), await signIn(instances.B.url, email)];
      expect((await call(instances.B.url, 'GET', '/api/auth/user', { token: first.access_token })).status).toBe(200);
      expect((await call(instances.A.url, 'POST', '/api/auth/signout', { token: first.access_token })).status).toBe(
        200,
      );
      // Refresh reads the session row: refused by the very next request.
      const refresh = await call(instances.B.url, 'POST', '/api/auth/refresh', {
        body: { refresh_token: second.refresh_token },
      });
      expect(refresh.status).toBe(401);
      // Access tokens are checked against B's in-memory list (ADR 0008), which PostgreSQL's NOTIFY
      // updates on commit: milliseconds, not the token's 15 minutes. Under load the first request
      // can beat the notification to B (seen once in CI-like load), so this polls briefly.
      for (const session of [first, second]) {
        await expect
          .poll(
            async () => (await call(instances.B.url, 'GET', '/api/auth/user', { token: session.access_token })).status,
            {
              timeout: 5_000,
              interval: 5,
            },
          )
          .toBe(401);
      }
    }
  });

  it("refuses on B a member's access token once A has removed them from the business", async () => {
    const owner = await newUser(proxy.url);
    const memberEmail = uniqueEmail('removed');
    const invited = await call(instances.A.url, 'POST', '/api/team/invitations', {
      token: owner.session.access_token,
      body: { email: memberEmail, role: 'field' },
    });
    expect(invited.status).toBe(201);
    const inviteToken = mail.linkIn(await mail.nextMailTo(memberEmail, 15_000), /^\/invite\//).pathname.split('/')[2];
    const { session: ownSession } = await newUser(proxy.url, proxy.url, memberEmail);
    const joined = await call(instances.A.url, 'POST', `/api/invitations/${inviteToken}/accept`, {
      token: ownSession.access_token,
      body: {},
    });
    expect(joined.status).toBe(200);
    const member = sessionSchema.parse((joined.body as { session: unknown }).session);
    expect((await call(instances.B.url, 'GET', '/api/team', { token: member.access_token })).status).toBe(200);

    const removed = await call(instances.A.url, 'DELETE', `/api/team/members/${member.user.id}`, {
      token: owner.session.access_token,
    });
    expect(removed.status).toBe(200);
    const removedAt = performance.now();
    // B learns of it by the NOTIFY the removal's commit sends; polled, so a busy machine cannot fail it.
    await expect
      .poll(async () => (await call(instances.B.url, 'GET', '/api/team', { token: member.access_token })).status, {
        timeout: 5_000,
        interval: 5,
      })
      .toBe(401);
    console.info(`removal refused on B ${Math.round(performance.now() - removedAt)} ms after A answered`);
    const refresh = await call(instances.B.url, 'POST', '/api/auth/refresh', {
      body: { refresh_token: member.refresh_token },
    });
    expect(refresh.status).toBe(401);
    expect(codeOf(refresh)).toBe('member_removed');
  });

  it('holds a rate limit across both: 12 contact messages at once from one address, 5 accepted', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        call(proxy.url, 'POST', '/api/contact', {
          body: { name: 'Jo Builder', email: 'jo@builder.example.com', message: `Question number ${index + 1}` },
        }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.servedBy))).toEqual(new Set(['A', 'B']));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(7);
    // Each accepted message is mailed to support once, by whichever instance took its job.
    await untilQueuesIdle([CONTACT_EMAIL_QUEUE]);
    await expect.poll(() => mailsTo(SUPPORT_EMAIL).length, { timeout: 10_000 }).toBe(5);
  });

  it('holds the free monthly limit across both: 20 completes at once at 4 of 5, exactly one passes', async () => {
    const { session } = await newUser(proxy.url);
    for (let index = 0; index < 4; index++) {
      const answer = await call(proxy.url, 'POST', '/api/certificates', {
        body: completedCertificateBody(session),
        token: session.access_token,
      });
      expect(answer.status).toBe(201);
    }
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(proxy.url, 'POST', '/api/certificates', {
          body: completedCertificateBody(session),
          token: session.access_token,
        }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.servedBy))).toEqual(new Set(['A', 'B']));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => [answer.status, codeOf(answer)])).toEqual(
      Array.from({ length: 19 }, () => [403, 'monthly_limit_reached']),
    );
    const { rows } = await query(
      `select (select count(*)::int from certificates where user_id = $1 and status = 'completed') as completed,
              (select sum(count)::int from monthly_certificate_counts where user_id = $1) as counted`,
      [session.user.id],
    );
    expect(rows[0]).toEqual({ completed: 5, counted: 5 });
  });

  it('serves from B a photo uploaded through A', async () => {
    const { session } = await newUser(proxy.url);
    const photo = await uploadPhoto(instances.A.url, session);
    const fromA = await fetch(`${instances.A.url}/api/files/${photo.file_id}`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    const fromB = await fetch(`${instances.B.url}/api/files/${photo.file_id}`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect([fromA.status, fromB.status]).toEqual([200, 200]);
    expect(fromB.headers.get('content-type')).toMatch(/^image\//);
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
  });

  it('runs each job once with both queues working: a sign-up mail, a signing reminder, the orphan sweep', async () => {
    // A mail: the sign-up confirmation, queued by whichever instance took the sign-up.
    const { session, email } = await newUser(proxy.url);
    await untilQueuesIdle([AUTH_EMAIL_QUEUE]);
    expect(mailsTo(email)).toHaveLength(1);

    // A signing reminder: the sweep enqueued six times at once (as if six schedules fired), worked by both.
    const certificate = await call(proxy.url, 'POST', '/api/certificates', {
      body: completedCertificateBody(session),
      token: session.access_token,
    });
    expect(certificate.status).toBe(201);
    const certificateId = (certificate.body as { id: string }).id;
    const signer = `signer-${randomUUID()}@example.com`;
    const sent = await call(proxy.url, 'POST', `/api/signing/documents/certificate/${certificateId}/requests`, {
      body: { signers: [{ name: 'Sam Builder', email: signer, role: 'Builder' }] },
      token: session.access_token,
    });
    expect(sent.status).toBe(201);
    await mail.nextMailTo(signer, 15_000);
    await query(`update signature_requests set last_sent_at = now() - interval '4 days' where document_id = $1`, [
      certificateId,
    ]);
    await enqueueFromOutside(SIGNING_SWEEP_QUEUE, 6);
    const reminder = await mail.nextMailTo(signer, 30_000);
    expect(reminder.text).toContain('Reminder:');
    await untilQueuesIdle([SIGNING_SWEEP_QUEUE, SIGNING_EMAIL_QUEUE]);
    expect(mailsTo(signer)).toHaveLength(2);
    const reminded = await query(
      `select count(*)::int as count from audit_events where subject_id = $1 and type = 'signing.reminded'`,
      [certificateId],
    );
    expect(reminded.rows[0].count).toBe(1);

    // The orphan sweep: an upload left unattached for 8 days, the sweep enqueued six times at once.
    const orphan = await uploadPhoto(proxy.url, session);
    const [file] = (
      await query(`update files set created_at = now() - interval '8 days' where id = $1 returning storage_key`, [
        orphan.file_id,
      ])
    ).rows as Array<{ storage_key: string }>;
    expect(await store.holds(file?.storage_key ?? '')).toBe(true);
    await enqueueFromOutside(ORPHAN_UPLOADS_QUEUE, 6);
    await untilQueuesIdle([ORPHAN_UPLOADS_QUEUE]);
    expect((await query('select 1 from files where id = $1', [orphan.file_id])).rowCount).toBe(0);
    expect(await store.holds(file?.storage_key ?? '')).toBe(false);
    const removals = logLinesOf('removed uploads nothing refers to');
    expect(removals.map((line) => line.deleted)).toEqual([1]);
  });

  it('loses no acknowledged write when A is killed with kill -9 mid-load; B carries on', {
    timeout: 120_000,
  }, async () => {
    const { session } = await newUser(proxy.url);
    const acknowledged: string[] = [];
    let acknowledgedAfterKill = 0;
    let killed = false;
    let attempts = 0;
    const client = async () => {
      while (acknowledgedAfterKill < 40 && attempts < 2000) {
        attempts++;
        const answer = await call(proxy.url, 'POST', '/api/certificates', {
          body: completedCertificateBody(session, { status: 'draft', job_site_address: `${attempts} Kill St` }),
          token: session.access_token,
        }).catch(() => null);
        if (answer?.status === 201) {
          acknowledged.push((answer.body as { id: string }).id);
          if (killed) acknowledgedAfterKill++;
        }
        if (acknowledged.length >= 40 && !killed) {
          killed = true;
          instances.A.process.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    expect(killed).toBe(true);
    expect(acknowledgedAfterKill).toBeGreaterThanOrEqual(40);
    const { rows } = await query('select id from certificates where id = any($1::uuid[])', [acknowledged]);
    expect(rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());
  });
});
