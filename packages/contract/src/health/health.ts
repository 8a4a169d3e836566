import { z } from 'zod/mini';
import { defineEndpoint } from '../http/endpoint.ts';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    status: z.enum(['up', 'down']),
    latency_ms: z.optional(z.number().check(z.nonnegative())),
  }),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** 200 when the database answers, 503 (same body shape) when it does not. */
export const healthEndpoints = {
  check: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    summary: 'Whether the API and its database answer',
    responses: { 200: healthResponseSchema, 503: healthResponseSchema },
    errors: [],
  }),
} as const;
