import { healthResponseSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/client.ts';

/** GET /api/health: 200 when the database answers, 503 (same body shape) when it does not. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Whether the API and its database answer',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
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
    },
  );
};
