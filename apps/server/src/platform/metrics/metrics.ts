import cluster from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { QueueBacklog } from '../jobs/job-queue.ts';
import type { RenderObserver } from '../pdf/render-pool.ts';
import { scrapeThroughPrimary } from './cluster-metrics.ts';

/** What /metrics reads at scrape time, beside what it counts as requests and renders happen. */
export type MetricSources = {
  pool: pg.Pool;
  /** Every job queue's backlog: one query, bounded by BACKLOG_TIMEOUT_MS. */
  queueBacklog: () => Promise<QueueBacklog[]>;
  pdfUsage: () => { running: number; waiting: number; threads: number; queue: number };
};

/** Request latencies: from a cached read (ms) to a slow upload or a PDF (seconds). In seconds, Prometheus's unit. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** One PDF: a certificate renders in ~10 ms warm; the budget is PDF_RENDER_TIMEOUT_SECONDS (20 s). */
const PDF_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 60];
/** A scrape never waits long on the database: past this, the queue gauges are left out of that scrape. */
const BACKLOG_TIMEOUT_MS = 2000;
/** The gauges of one scrape share one backlog query. */
const BACKLOG_REUSE_MS = 1000;

/**
 * The app's Prometheus metrics (ADR 0046), in a registry of its own (never prom-client's global one,
 * so apps built side by side in one process, as tests do, count apart). Requests are labelled by
 * route pattern (`/api/certificates/:id`), never the raw URL, so label values stay few.
 */
export class AppMetrics {
  readonly registry = new Registry();
  /** The text /metrics answers: this process's, or in one of several HTTP processes all of theirs (ADR 0095). */
  readonly scrape: () => Promise<string>;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestSeconds: Histogram<'method' | 'route'>;
  private readonly pdfRenderSeconds: Histogram<'kind' | 'outcome'>;

  constructor(private readonly logger: FastifyBaseLogger) {
    const registers = [this.registry];
    // Process CPU, memory, GC, and the event loop's lag (perf_hooks.monitorEventLoopDelay, reset each scrape).
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request arriving to its answer being sent, by method and route pattern.',
      labelNames: ['method', 'route'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.pdfRenderSeconds = new Histogram({
      name: 'pdf_render_duration_seconds',
      help: 'Time a PDF took on its worker thread, by document kind and outcome (ok, too_large, failed).',
      labelNames: ['kind', 'outcome'],
      buckets: PDF_BUCKETS,
      registers,
    });
    this.scrape = cluster.isWorker ? scrapeThroughPrimary(this.registry) : () => this.registry.metrics();
  }

  /** One answered request; `route` is the route's pattern, or `unmatched`. */
  observeRequest(method: string, route: string, status: number, seconds: number) {
    this.requests.inc({ method, route, status: String(status) });
    this.requestSeconds.observe({ method, route }, seconds);
  }

  readonly observePdfRender: RenderObserver = (kind, seconds, outcome) => {
    this.pdfRenderSeconds.observe({ kind, outcome }, seconds);
  };

  /** The gauges read at scrape time: the database pool, the job queues and the PDF workers. */
  watch(sources: MetricSources) {
    const registers = [this.registry];
    const { pool } = sources;
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one (waiting).',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'db_pool_max_connections',
      help: 'The most connections the pool opens (DATABASE_POOL_SIZE).',
      registers,
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
    const backlog = this.sharedBacklog(sources.queueBacklog);
    new Gauge({
      name: 'job_queue_depth',
      help: 'Jobs waiting in each queue (including retries not yet due).',
      labelNames: ['queue'],
      registers,
      // Every HTTP process reads the same queue: summed, the depth would count each job once per process.
      aggregator: 'max',
      async collect() {
        const queues = await backlog();
        this.reset();
        for (const { queue, depth } of queues ?? []) this.set({ queue }, depth);
      },
    });
    new Gauge({
      name: 'job_queue_oldest_age_seconds',
      help: 'How long the oldest job that is due has waited in each queue (0 when none waits).',
      labelNames: ['queue'],
      registers,
      aggregator: 'max',
      async collect() {
        const queues = await backlog();
        this.reset();
        for (const { queue, oldestAgeSeconds } of queues ?? []) this.set({ queue }, oldestAgeSeconds);
      },
    });
    new Gauge({
      name: 'pdf_render_pool',
      help: 'PDF renders running on a worker and waiting for one, beside the worker threads and the waiting limit.',
      labelNames: ['state'],
      registers,
      collect() {
        const usage = sources.pdfUsage();
        this.set({ state: 'running' }, usage.running);
        this.set({ state: 'waiting' }, usage.waiting);
        this.set({ state: 'threads' }, usage.threads);
        this.set({ state: 'queue_limit' }, usage.queue);
      },
    });
  }

  /** The backlog query, run at most once per scrape and never longer than BACKLOG_TIMEOUT_MS (undefined then). */
  private sharedBacklog(query: () => Promise<QueueBacklog[]>): () => Promise<QueueBacklog[] | undefined> {
    let last: { at: number; result: Promise<QueueBacklog[] | undefined> } | undefined;
    return () => {
      const now = Date.now();
      if (last && now - last.at < BACKLOG_REUSE_MS) return last.result;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), BACKLOG_TIMEOUT_MS);
      });
      const result = Promise.race([
        query().catch((error: unknown) => {
          this.logger.warn({ err: error }, 'metrics: job queue backlog unavailable');
          return undefined;
        }),
        timeout,
      ]).finally(() => clearTimeout(timer));
      last = { at: now, result };
      return result;
    };
  }
}
