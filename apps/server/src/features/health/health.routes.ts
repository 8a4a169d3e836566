import { healthEndpoints } from '@app/contract';
import type { FastifyPluginAsync } from 'fastify';
import { pingDatabase } from '../../db/client.ts';
import { route } from '../../platform/http/route.ts';

/** GET /api/health: 200 when the database answers, 503 (same body shape) when it does not. */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  route(app, healthEndpoints.check, async (request, reply) => {
    try {
      const latency = await pingDatabase(app.db);
      return { status: 'ok' as const, database: { status: 'up' as const, latency_ms: Math.round(latency * 10) / 10 } };
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'degraded', database: { status: 'down' } });
    }
  });
};
