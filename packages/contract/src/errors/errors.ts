import { z } from 'zod/mini';

/** Stable machine-readable error codes. Clients branch on these, never on message text. */
export const errorCodes = [
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'rate_limited',
  'service_unavailable',
  'insufficient_storage',
  'internal_error',
] as const;

export type ErrorCode = (typeof errorCodes)[number] | (string & {});

export const fieldIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});

/** The one error shape every endpoint answers with (PRODUCT.md, API conventions). */
export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.optional(z.array(fieldIssueSchema)),
  }),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type FieldIssue = z.infer<typeof fieldIssueSchema>;
