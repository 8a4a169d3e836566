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

export const livenessResponseSchema = z.object({ status: z.literal('ok') });

/** Each thing readiness waits for: the database answers, its migrations are all applied, the job queue runs. */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({
    database: z.enum(['up', 'down']),
    migrations: z.enum(['done', 'pending', 'unknown']),
    queue: z.enum(['running', 'stopped']),
  }),
});

export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

export const healthEndpoints = {
  /** 200 when the database answers, 503 (same body shape) when it does not. */
  check: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    auth: 'none',
    summary: 'Whether the API and its database answer',
    responses: { 200: healthResponseSchema, 503: healthResponseSchema },
    errors: [],
  }),
  /** 200 while the process serves requests at all; a supervisor restarts it otherwise. Never sheds load. */
  live: defineEndpoint({
    method: 'GET',
    path: '/api/health/live',
    auth: 'none',
    summary: 'Whether the server process answers (liveness)',
    responses: { 200: livenessResponseSchema },
    errors: [],
  }),
  /** 200 when the instance can take traffic, 503 (same body shape, naming what is not) when it cannot. */
  ready: defineEndpoint({
    method: 'GET',
    path: '/api/health/ready',
    auth: 'none',
    summary: 'Whether the database answers, its migrations are applied and the job queue runs (readiness)',
    responses: { 200: readinessResponseSchema, 503: readinessResponseSchema },
    errors: [],
  }),
} as const;
