import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';

/** What a worker tells the primary once its HTTP server listens. */
const LISTENING = 'tradecert:listening';
type ListeningMessage = { type: typeof LISTENING; url: string };
const isListening = (message: unknown): message is ListeningMessage =>
  (message as ListeningMessage | null)?.type === LISTENING;

/** A replacement for a crashed worker waits 0.5 s, doubling with each crash in a row up to 30 s. */
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that served this long ends a run of crashes: the next one is replaced at once again. */
const STABLE_AFTER_MS = 60_000;

export const restartDelayMs = (crashesInARow: number) =>
  Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** Math.max(0, crashesInARow - 1));

/** Called by a worker once it listens: the primary counts the instance ready when all have. */
export function reportListening(url: string) {
  process.send?.({ type: LISTENING, url } satisfies ListeningMessage);
}

/**
 * The primary's HTTP workers (node:cluster, ADR 0095): they share the one port, the primary hands
 * connections round. The first starts alone, then the others together. `start` resolves once every
 * worker listens and fails if one exits before;
 * after that a worker that exits is replaced, after a backoff while they keep crashing. `stop`
 * signals every worker to drain and waits for all of them.
 */
export class HttpWorkers {
  private stopping = false;
  private crashesInARow = 0;
  private readonly listeningSince = new Map<Worker, number>();

  constructor(
    private readonly count: number,
    /** Added to each worker's environment (the database the primary prepared). */
    private readonly env: Record<string, string>,
    private readonly logger: Logger,
  ) {}

  /** Forks the workers; resolves with the URL they serve once all of them listen. */
  start(): Promise<string> {
    return new Promise((resolve, reject) => {
      let listening = 0;
      let ready = false;
      cluster.on('message', (worker, message: unknown) => {
        if (!isListening(message)) return;
        this.listeningSince.set(worker, Date.now());
        listening++;
        // The first worker creates the job queues and the seal alone: pg-boss deadlocks when several
        // processes create the same queues at once on a fresh database.
        if (listening === 1) for (let index = 1; index < this.count; index++) this.fork();
        if (!ready && listening === this.count) {
          ready = true;
          resolve(message.url);
        }
      });
      cluster.on('exit', (worker, code, signal) => {
        const since = this.listeningSince.get(worker);
        this.listeningSince.delete(worker);
        if (this.stopping) return;
        if (!ready) {
          reject(new Error(`HTTP worker ${worker.id} exited during start (${signal ?? `code ${code}`})`));
          return;
        }
        if (since === undefined || Date.now() - since < STABLE_AFTER_MS) this.crashesInARow++;
        else this.crashesInARow = 1;
        const delayMs = restartDelayMs(this.crashesInARow);
        this.logger.error(
          { worker: worker.id, worker_pid: worker.process.pid, code, signal, restart_in_ms: delayMs },
          'HTTP worker exited; starting another',
        );
        setTimeout(() => {
          if (!this.stopping) this.fork();
        }, delayMs).unref();
      });
      this.fork();
    });
  }

  /** Asks every worker to drain (SIGTERM) and resolves once all have exited, or rejects after `deadlineMs`. */
  async stop(deadlineMs: number): Promise<void> {
    this.stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    const exited = workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) resolve();
          else worker.once('exit', () => resolve());
        }),
    );
    for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL');
        reject(new Error(`HTTP workers still running after ${deadlineMs} ms; killed`));
      }, deadlineMs);
    });
    try {
      await Promise.race([Promise.all(exited), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  private fork() {
    cluster.fork(this.env);
  }
}
