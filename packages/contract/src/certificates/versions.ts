import { z } from 'zod/mini';
import { timestampSchema } from '../common/values.ts';

/**
 * One issued version in a certificate's history (the owner's detail page). A module of its own:
 * the public share page loads certificates.ts, and every schema there adds to its script.
 */
export const certificateVersionSchema = z.object({
  version: z.number(),
  issued_at: timestampSchema,
  amendment_reason: z.nullable(z.string()),
  fingerprint: z.string(),
  current: z.boolean(),
  signatures: z.array(z.object({ name: z.string(), company: z.nullable(z.string()), signed_at: timestampSchema })),
});
export type CertificateVersion = z.infer<typeof certificateVersionSchema>;
export const certificateVersionListSchema = z.object({ items: z.array(certificateVersionSchema) });
