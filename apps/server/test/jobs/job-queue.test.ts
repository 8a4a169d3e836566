import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/client.ts';
import { JobQueue } from '../../src/platform/jobs/job-queue.ts';
import { ORPHAN_UPLOADS_CRON, ORPHAN_UPLOADS_QUEUE } from '../../src/platform/storage/orphan-uploads.ts';
import { buildTestApp } from '../support/app.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

/** The transactional enqueue that mail (and later reminders and webhooks) relies on. */
let database: TestDatabase;
let jobs: JobQueue;
const handled: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  jobs = new JobQueue(database.db, pino({ level: 'silent' }));
  jobs.register<{ note: string }>(
    'test-notes',
    { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 30 },
    async (data) => {
      handled.push(data.note);
    },
  );
  await jobs.start();
});

afterAll(async () => {
  await jobs.stop(1000);
  await database.drop();
});

const queued = async (note: string) => {
  const { rows } = await database.db.$client.query(
    `select 1 from pgboss.job where name = 'test-notes' and data->>'note' = $1`,
    [note],
  );
  return rows.length;
};

describe('JobQueue', () => {
  it('keeps a job only if the transaction that enqueued it commits, and then runs it', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.enqueue(tx, 'test-notes', { note: 'rolled-back' });
        throw new Error('the request failed after enqueueing');
      }),
    ).rejects.toThrow('the request failed');
    expect(await queued('rolled-back')).toBe(0);

    await database.db.transaction((tx) => jobs.enqueue(tx, 'test-notes', { note: 'committed' }));
    expect(await queued('committed')).toBe(1);
    jobs.wake('test-notes');
    await expect.poll(() => handled, { timeout: 5000 }).toContain('committed');
    expect(handled).not.toContain('rolled-back');
  });

  it('is how the app schedules its clean-ups: orphan uploads, hourly, once across instances', async () => {
    const app = await buildTestApp(database.db);
    try {
      const { rows } = await database.db.$client.query('select name, cron from pgboss.schedule');
      expect(rows).toContainEqual({ name: ORPHAN_UPLOADS_QUEUE, cron: ORPHAN_UPLOADS_CRON });
    } finally {
      await app.close();
    }
  });

  it('refuses to enqueue on a queue nobody registered, instead of dropping the job', async () => {
    await expect(jobs.enqueue(database.db, 'no-such-queue', { note: 'x' })).rejects.toThrow(/does not exist/);
  });

  it('lets a job that outlives stop() finish after the pool has ended, without touching it', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const db = createDatabase(database.url, { maxConnections: 2 });
    const stalled = new JobQueue(db, pino({ level: 'silent' }));
    let started = false;
    let release: (error: Error) => void = () => {};
    stalled.register('test-stalled', { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 30 }, () => {
      started = true;
      return new Promise<void>((_resolve, reject) => {
        release = reject;
      });
    });
    try {
      await stalled.start();
      await db.transaction((tx) => stalled.enqueue(tx, 'test-stalled', {}));
      stalled.wake('test-stalled');
      await expect.poll(() => started, { timeout: 5000 }).toBe(true);
      // Shutdown: the deadline passes with the job still running, then the pool is ended.
      await stalled.stop(50);
      await db.$client.end();
      // The job now fails (e.g. its SMTP server finally answers); pg-boss records that unawaited.
      release(new Error('smtp timed out'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
