import { z } from 'zod/mini';

export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    status: z.enum(['up', 'down']),
    latency_ms: z.optional(z.number().check(z.nonnegative())),
  }),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
