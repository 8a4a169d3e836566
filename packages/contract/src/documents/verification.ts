import { z } from 'zod/mini';
import { timestampSchema } from '../common/values.ts';
import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { signableDocumentKinds } from './kinds.ts';
import { documentVerdictSchema } from './verdict.ts';

/** How many of a version's signatures the public check lists (a SWMS may have a whole crew's). */
export const VERIFICATION_SIGNATURES_SHOWN = 50;

/**
 * The public check of a printed version of any document kind: what the record says of
 * it, and only what the paper itself shows (no content), so a stranger holding a photo of the QR
 * code learns nothing more.
 */
export const documentVerificationSchema = z.object({
  kind: z.enum(signableDocumentKinds),
  number: z.string(),
  version: z.number(),
  fingerprint: z.string(),
  business_name: z.string(),
  verdict: documentVerdictSchema,
  signature_count: z.number(),
  /** Who signed this version, in signing order: the first VERIFICATION_SIGNATURES_SHOWN of them. */
  signatures: z.array(
    z.object({ signer_name: z.string(), signer_company: z.nullable(z.string()), signed_at: timestampSchema }),
  ),
  /** When this version was issued (or, not issued yet, last saved). */
  version_date: z.string(),
});
export type DocumentVerification = z.output<typeof documentVerificationSchema>;

const versionNumber = z.string().check(z.regex(/^[1-9]\d{0,5}$/, 'Use a version number like 1 or 2.'));

/** What the check answers for a version it has no record of. */
export const VERIFICATION_NOT_FOUND_MESSAGE = 'We have no record of this document version.';

/** GET /api/verify/{kind}/{id}/{version}: the page each document's QR code opens. */
export const documentVerifyEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/verify/:kind/:id/:version',
  auth: 'none',
  summary: 'Check a printed document version against the record (no content)',
  rateLimit: 'verify',
  notFound: VERIFICATION_NOT_FOUND_MESSAGE,
  params: z.object({
    kind: z.enum(signableDocumentKinds),
    id: z.string().check(z.maxLength(100)),
    version: versionNumber,
  }),
  responses: { 200: documentVerificationSchema },
  errors: [errorCodes.notFound],
});
