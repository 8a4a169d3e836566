import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_TIME_ZONE } from '@app/contract';
import pino from 'pino';
import { createDatabase } from '../apps/server/src/db/client.ts';
import {
  AUTH_EMAIL_QUEUE,
  type AuthEmailJob,
  authEmailQueueSettings,
} from '../apps/server/src/features/auth/auth-mail.ts';
import { startOwnBusiness } from '../apps/server/src/platform/accounts/memberships.ts';
import { JobQueue } from '../apps/server/src/platform/jobs/job-queue.ts';
import { createOutboxMailer } from '../apps/server/src/platform/mail/mailer.ts';
import { format, startBenchServer } from './support.ts';

/**
 * PRODUCT.md, Budgets (ADR 0023): 400 queued mails drain in < 30 s with the outbox mailer. The real server
 * works the queue; the baseline writes the same number of mails straight to an outbox, in this run.
 */
const MAILS = 400;

const countIn = async (directory: string) => (await readdir(directory).catch(() => [])).length;

export async function runMailBenchmark() {
  const server = await startBenchServer();
  const { database } = server;
  const outbox = path.join(database.directory, 'outbox');
  const db = createDatabase(database.url, { maxConnections: 4 });
  try {
    // The baseline: the same mailer writing MAILS files from one process, 20 at a time.
    const direct = path.join(database.directory, 'direct-outbox');
    const mailer = createOutboxMailer(direct, 'Bench <bench@example.com>', pino({ level: 'silent' }));
    const directStarted = performance.now();
    for (let start = 0; start < MAILS; start += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          mailer.send({
            to: `direct-${start + index}@example.com`,
            subject: 'Confirm your account',
            text: 'Confirm: http://127.0.0.1/auth/confirm',
            html: '<p>Confirm: http://127.0.0.1/auth/confirm</p>',
          }),
        ),
      );
    }
    const directMs = performance.now() - directStarted;
    await rm(direct, { recursive: true, force: true });

    const { rows } = await db.$client.query<{ id: string }>(
      `insert into users (email) select 'bench-' || n || '@example.com' from generate_series(1, $1) n returning id`,
      [MAILS],
    );
    // Each account as sign-up leaves it: the owner of a business of its own (ADR 0077).
    await db.transaction(async (tx) => {
      for (const { id } of rows) await startOwnBusiness(tx, id, { timeZone: DEFAULT_TIME_ZONE });
    });
    const producer = new JobQueue(db, pino({ level: 'silent' }));
    producer.register<AuthEmailJob>(AUTH_EMAIL_QUEUE, authEmailQueueSettings, async () => {});
    const queuedStarted = performance.now();
    await db.transaction(async (tx) => {
      for (const { id } of rows)
        await producer.enqueue<AuthEmailJob>(tx, AUTH_EMAIL_QUEUE, { userId: id, type: 'signup' });
    });
    while ((await countIn(outbox)) < MAILS) {
      if (performance.now() - queuedStarted > 600_000) throw new Error('the queue did not drain in 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const queuedMs = performance.now() - queuedStarted;

    console.log(`\nMail: ${MAILS} sign-up mails queued at once, outbox mailer`);
    console.log(`written straight to an outbox, 20 at a time: ${format(directMs / 1000, 2)} s`);
    console.log(
      `through the job queue (the server's worker, from the commit to the last file): ${format(queuedMs / 1000, 2)} s, ${format(MAILS / (queuedMs / 1000), 0)} mails/s; ${format(queuedMs / directMs, 1)}× the direct writes (budget < 30 s)`,
    );
  } finally {
    await db.$client.end();
    await server.stop();
  }
}
