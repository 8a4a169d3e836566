import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { errorBody } from './errors.ts';

export type BackPressureSettings = {
  /** Mean event-loop delay (ms, over each sample) past which requests are shed; 0: not checked. */
  maxEventLoopDelayMs: number;
  /** Requests waiting for a database connection past which requests are shed; 0: not checked. */
  maxDatabaseWaiting: number;
  /** How often both are sampled (ms). */
  sampleIntervalMs: number;
};

/** What a shed request is told: the same words as a busy database, and when to come back. */
const BUSY_MESSAGE = 'The service is busy right now. Please try again in a few seconds.';
const RETRY_AFTER_SECONDS = 5;

/**
 * Back-pressure (ADR 0046): while the event loop lags or the pool's queue is long, new requests get
 * 503 with Retry-After in the error shape at once, before any work, instead of queueing without
 * bound. The health checks and /metrics are never shed: they are how an operator sees the overload.
 */
export async function registerBackPressure(
  app: FastifyInstance,
  pool: pg.Pool,
  settings: BackPressureSettings,
  exempt: readonly string[],
) {
  const exemptRoutes = new Set(exempt);
  const checkPool = settings.maxDatabaseWaiting > 0;
  const shed = (request: FastifyRequest, reply: FastifyReply, type: string, value: number | undefined) => {
    const route = request.routeOptions.url;
    // Nothing returned: under-pressure lets the request through.
    if (route !== undefined && exemptRoutes.has(route)) return undefined;
    request.log.warn({ pressure: type, value }, 'shedding load: answered 503');
    reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS));
    return errorBody(request, 'service_unavailable', BUSY_MESSAGE);
  };
  await app.register(underPressure, {
    sampleInterval: settings.sampleIntervalMs,
    maxEventLoopDelay: settings.maxEventLoopDelayMs,
    ...(checkPool && {
      healthCheck: async () => pool.waitingCount <= settings.maxDatabaseWaiting,
      healthCheckInterval: settings.sampleIntervalMs,
    }),
    // A body returned is sent by under-pressure, and the request goes no further (its types say void;
    // a reply sent from the handler itself would let the request carry on past onRequest).
    pressureHandler: shed as unknown as FastifyUnderPressureOptions['pressureHandler'],
  });
}
