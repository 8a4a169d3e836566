import { healthEndpoints, type ReadinessResponse } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { pingDatabase } from '../../db/client.ts';
import { migrationsApplied } from '../../db/migrate.ts';
import { route } from '../../platform/http/route.ts';

/** Readiness never hangs on a stalled database: past this, the database counts as down. */
const READY_CHECK_TIMEOUT_MS = 3000;

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

export const healthRoutes =
  (readiness: { queueRunning: () => boolean }): FastifyPluginAsync =>
  async (app) => {
    /** 200 when the database answers, 503 (same body shape) when it does not. */
    route(app, healthEndpoints.check, async (request, reply) => {
      try {
        const latency = await pingDatabase(app.db);
        return {
          status: 'ok' as const,
          database: { status: 'up' as const, latency_ms: Math.round(latency * 10) / 10 },
        };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'degraded', database: { status: 'down' } });
      }
    });

    /** The process answers: nothing else is asked, so a busy database never gets the server restarted. */
    route(app, healthEndpoints.live, async () => ({ status: 'ok' as const }));

    /** Ready to take traffic: the database answers, every migration this build ships is applied, the job queue runs. */
    route(app, healthEndpoints.ready, async (request, reply) => {
      const checks: ReadinessResponse['checks'] = { database: 'down', migrations: 'unknown', queue: 'stopped' };
      try {
        await withTimeout(pingDatabase(app.db), READY_CHECK_TIMEOUT_MS);
        checks.database = 'up';
        checks.migrations = (await withTimeout(migrationsApplied(app.db), READY_CHECK_TIMEOUT_MS)) ? 'done' : 'pending';
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: database check failed');
      }
      checks.queue = readiness.queueRunning() ? 'running' : 'stopped';
      const ready = checks.database === 'up' && checks.migrations === 'done' && checks.queue === 'running';
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    });
  };
