import type { FastifyBaseLogger as Logger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';

/** A drizzle transaction (or the database itself): what `enqueue` writes the job through. */
type Transactional = Pick<Database, 'execute'>;

export type QueueSettings = {
  /** Attempts after the first; waits grow exponentially from `retryDelaySeconds`. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** An attempt still running after this long is failed (and retried), so a stuck peer never pins a job. */
  expireInSeconds: number;
  /**
   * Jobs taken at once and worked in parallel (default 1: one at a time, in order). A full batch is
   * followed at once by the next, so a queue is worked until it is empty, not one batch per poll.
   */
  batchSize?: number;
  /** Higher runs first: e.g. a recovery mail ahead of a flood of sign-up mails (ADR 0023). */
  priorityOf?: (data: object) => number;
  /**
   * At most one waiting job per singleton key (pg-boss's 'short' policy): enqueueing another with a
   * key already waiting queues nothing. Required by `atStart`, which relies on it across processes.
   */
  oneWaitingPerKey?: boolean;
};

/**
 * A job queued as each process starts, `delaySeconds` later, under one singleton key: processes
 * starting together (ADR 0095) find it waiting and queue no second one.
 */
type AtStart = { data: object; delaySeconds: number };

const AT_START_KEY = 'at-start';

export type JobHandler<Data> = (data: Data) => Promise<void>;

/**
 * Background work on pg-boss (ADR 0008): jobs are rows in PostgreSQL, retried with backoff, run once
 * across instances. `enqueue` writes the job in the caller's transaction, so the job exists exactly
 * when the data that asked for it was committed, and no request ever waits on the network.
 */
type Registration = {
  name: string;
  settings: QueueSettings;
  handler: JobHandler<object>;
  cron?: string | undefined;
  atStart?: AtStart | undefined;
};

/**
 * A job a feature runs, declared beside it (ADR 0029): its queue's name and settings, its worker,
 * and a cron schedule for a recurring one. app.ts registers every feature's jobs the same way.
 */
export type JobDefinition = Registration;

export const defineJob = <Data extends object>(job: {
  name: string;
  settings: QueueSettings;
  handler: JobHandler<Data>;
  cron?: string;
  atStart?: { data: Data; delaySeconds: number };
}): JobDefinition => {
  if (job.atStart && !job.settings.oneWaitingPerKey) throw new Error(`${job.name}: atStart needs oneWaitingPerKey`);
  return { ...job, handler: job.handler as JobHandler<object> };
};

const START_RETRY_MS = 5000;

/**
 * What a dropped write answers, in the shape pg-boss reads a completion's result from. pg-boss
 * records a job's outcome without awaiting it, so a handler that outlives `stop` would otherwise
 * write to a pool that has been ended, an unhandled rejection. Once stopped, that write is dropped:
 * the job stays active until it expires, and is then retried.
 */
const WRITE_DROPPED_AFTER_STOP = { rows: [{ count: 0 }] };

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workerIds = new Map<string, string>();
  private readonly registrations: Registration[] = [];
  private retryTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Set once `stop` has returned: the caller may end the pool from then on. */
  private closed = false;
  /** Set once pg-boss has started and every queue is worked; cleared by `stop` (readiness reads it). */
  private running = false;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {
    this.boss = new PgBoss({
      db: {
        executeSql: (text, values) =>
          this.closed ? Promise.resolve(WRITE_DROPPED_AFTER_STOP) : db.$client.query(text, values),
      },
      // Jobs are also woken at once after a local enqueue (see `wake`); polling catches the rest.
      pollingIntervalSeconds: 2,
      // Nothing we queue needs keeping once done; failures stay a week for inspection.
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 7,
    });
    this.boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
    this.boss.on('stopped', () => {
      this.running = false;
    });
  }

  /**
   * Declares a queue and the handler this process works it with; `start` sets them up. With `cron`
   * (UTC), pg-boss also enqueues a job on that schedule, once across all instances.
   */
  /** Registers the jobs of a feature (see defineJob). */
  registerAll(definitions: readonly JobDefinition[]) {
    for (const definition of definitions) this.registrations.push(definition);
  }

  register<Data extends object>(
    name: string,
    settings: QueueSettings,
    handler: JobHandler<Data>,
    options: { cron?: string } = {},
  ) {
    this.registrations.push({ name, settings, handler: handler as JobHandler<object>, cron: options.cron });
  }

  /**
   * Starts pg-boss, creates the registered queues (once, across instances) and works them. If the
   * database is unreachable the app still starts (its health check says so) and this retries.
   */
  async start(): Promise<void> {
    try {
      await this.boss.start();
      for (const registration of this.registrations) {
        if (!this.workerIds.has(registration.name)) await this.work(registration);
      }
      this.running = !this.stopped;
    } catch (error) {
      if (this.stopped) return;
      this.logger.error({ err: error }, 'job queue could not start; retrying');
      this.retryTimer = setTimeout(() => void this.start(), START_RETRY_MS);
      this.retryTimer.unref();
    }
  }

  private async work({ name, settings, handler, cron, atStart }: Registration) {
    await this.boss.createQueue(name, {
      name,
      policy: settings.oneWaitingPerKey ? 'short' : 'standard',
      retryLimit: settings.retryLimit,
      retryDelay: settings.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: settings.expireInSeconds,
    });
    const batchSize = settings.batchSize ?? 1;
    let workerId = '';
    workerId = await this.boss.work<object>(name, { batchSize }, async (jobs) => {
      // Each job succeeds or fails on its own: a failed one is failed here (and retried later);
      // pg-boss then completes the rest, and completing never touches a failed job.
      await Promise.all(
        jobs.map(async (job) => {
          try {
            await handler(job.data);
          } catch (error) {
            this.logger.warn({ err: error, job: job.id, queue: name }, 'job failed; it will be retried');
            await this.boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
          }
        }),
      );
      if (jobs.length === batchSize) this.boss.notifyWorker(workerId);
    });
    this.workerIds.set(name, workerId);
    if (cron) await this.boss.schedule(name, cron, {});
    if (atStart)
      await this.boss.send(name, atStart.data, { singletonKey: AT_START_KEY, startAfter: atStart.delaySeconds });
  }

  /**
   * Adds a job inside `tx` (a drizzle transaction): it is only visible, and only runs, if `tx`
   * commits. Call `wake(name)` after the commit for prompt delivery. With `singletonKey`, in a queue
   * of `oneWaitingPerKey`, a job of that key already waiting is kept and nothing is added.
   */
  async enqueue<Data extends object>(
    tx: Transactional,
    name: string,
    data: Data,
    options: { singletonKey?: string } = {},
  ): Promise<void> {
    const registration = this.registrations.find((candidate) => candidate.name === name);
    const priority = registration?.settings.priorityOf?.(data);
    const id = await this.boss.send(name, data, {
      db: sqlExecutorOf(tx),
      ...(priority ? { priority } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
    const alreadyWaiting = options.singletonKey !== undefined && registration?.settings.oneWaitingPerKey === true;
    // pg-boss answers null, silently, for a queue that does not exist: a lost job is a bug here.
    if (!id && !alreadyWaiting) throw new Error(`job queue ${name} does not exist`);
  }

  /** Tells this process's worker that `name` has a new job, instead of waiting for its next poll. */
  wake(name: string) {
    const workerId = this.workerIds.get(name);
    if (workerId) this.boss.notifyWorker(workerId);
  }

  /** Whether this process works its queues: started, and neither stopped nor still retrying its start. */
  isRunning(): boolean {
    return this.running;
  }

  /**
   * Every registered queue's backlog, in one query on pg-boss's partial index of waiting jobs
   * (`state < 'active'`); queues with nothing waiting answer 0. For /metrics, at scrape time.
   */
  async backlog(): Promise<QueueBacklog[]> {
    const { rows } = await this.db.$client.query<{ name: string; depth: number; age: number | null }>(
      `select name, count(*)::int as depth,
              extract(epoch from now() - min(start_after) filter (where start_after <= now()))::float8 as age
         from pgboss.job where state < 'active' group by name`,
    );
    const byName = new Map(rows.map((row) => [row.name, row]));
    const names = new Set([...this.registrations.map((registration) => registration.name), ...byName.keys()]);
    return [...names].sort().map((queue) => ({
      queue,
      depth: byName.get(queue)?.depth ?? 0,
      oldestAgeSeconds: Math.max(0, byName.get(queue)?.age ?? 0),
    }));
  }

  /** Stops taking jobs and waits up to `timeoutMs` for running ones; unfinished ones are retried later. */
  async stop(timeoutMs: number) {
    this.stopped = true;
    this.running = false;
    clearTimeout(this.retryTimer);
    await this.boss.stop({ graceful: true, timeout: timeoutMs, wait: true, close: false });
    this.closed = true;
  }
}

/** One queue's backlog: jobs waiting (including retries not yet due), and how long the oldest due one has waited. */
export type QueueBacklog = { queue: string; depth: number; oldestAgeSeconds: number };

/**
 * pg-boss runs its insert through any `{ executeSql }`. A drizzle node-postgres transaction holds
 * its pg client on its session; the integration test proves a rolled-back transaction leaves no job,
 * so a drizzle upgrade that moves it fails there, not silently.
 */
function sqlExecutorOf(tx: Transactional): PgBoss.Db {
  const session = (tx as unknown as { session?: { client?: pg.PoolClient | pg.Pool } }).session;
  const client = session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('enqueue needs a drizzle node-postgres database');
  return { executeSql: (text, values) => client.query(text, values) };
}
