import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { errorBody } from './errors.ts';

export type BackPressureSettings = {
  /** Mean event-loop delay (ms, over each sample) past which requests are shed; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** Requests waiting for a database connection past which requests are shed; 0: not checked. */
  maxDatabaseWaiting: number;
  /** How long each event-loop sample lasts (ms). */
  sampleIntervalMs: number;
};

/** What a shed request is told: the same words as a busy database, and when to come back. */
const BUSY_MESSAGE = 'The service is busy right now. Please try again in a few seconds.';
const RETRY_AFTER_SECONDS = 5;

/** How often the event loop's delay is probed within a sample; Node adds it to every reading. */
const PROBE_RESOLUTION_MS = 10;

/**
 * The event loop's mean delay over the last whole sample, measured only from `start()`: the work
 * of starting (migrations, plugins, the first imports) is no lag a request should be shed for
 * (ADR 0060). Before the first sample ends the delay reads 0.
 */
class EventLoopDelaySampler {
  private readonly histogram = monitorEventLoopDelay({ resolution: PROBE_RESOLUTION_MS });
  private timer: NodeJS.Timeout | undefined;
  private lastMeanMs = 0;

  constructor(private readonly intervalMs: number) {}

  get delayMs() {
    return this.lastMeanMs;
  }

  start() {
    this.histogram.reset();
    this.histogram.enable();
    this.timer = setInterval(() => {
      // No reading at all means the probe never ran: the loop was blocked the whole sample.
      const mean = this.histogram.count === 0 ? Number.POSITIVE_INFINITY : this.histogram.mean / 1e6;
      this.lastMeanMs = Math.max(0, mean - PROBE_RESOLUTION_MS);
      this.histogram.reset();
    }, this.intervalMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}

/**
 * Back-pressure (ADR 0046): while the event loop lags or the pool's queue is long, new requests get
 * 503 with Retry-After in the error shape at once, before any work, instead of queueing without
 * bound. The health checks and /metrics are never shed: they are how an operator sees the overload.
 */
export function registerBackPressure(
  app: FastifyInstance,
  pool: pg.Pool,
  settings: BackPressureSettings,
  exempt: readonly string[],
) {
  const exemptRoutes = new Set(exempt);
  const loop = settings.maxEventLoopDelayMs > 0 ? new EventLoopDelaySampler(settings.sampleIntervalMs) : undefined;
  if (loop) {
    // Once every plugin has loaded: start-up is over, requests are about to come.
    app.addHook('onReady', async () => loop.start());
    app.addHook('onClose', async () => loop.stop());
  }
  const pressure = (): { pressure: string; value: number } | undefined => {
    if (loop && loop.delayMs > settings.maxEventLoopDelayMs) return { pressure: 'eventLoopDelay', value: loop.delayMs };
    if (settings.maxDatabaseWaiting > 0 && pool.waitingCount > settings.maxDatabaseWaiting) {
      return { pressure: 'databaseWaiting', value: pool.waitingCount };
    }
    return undefined;
  };
  // The callback form (no promise per request, ADR 0102): a shed request is answered here and goes no further.
  app.addHook('onRequest', (request, reply, done) => {
    const found = pressure();
    if (!found) return done();
    const route = request.routeOptions.url;
    if (route !== undefined && exemptRoutes.has(route)) return done();
    request.log.warn(found, 'shedding load: answered 503');
    reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    reply.send(errorBody(request, 'service_unavailable', BUSY_MESSAGE));
  });
}
