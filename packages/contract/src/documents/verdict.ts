import { z } from 'zod/mini';
import { timestampSchema } from '../common/values.ts';

/**
 * What the record says of one version of a document (ADR 0025), for any kind: the answer a builder
 * or certifier holding a printed copy gets from its QR code.
 */
export const documentVerdicts = ['current', 'superseded', 'withdrawn', 'not_issued'] as const;
export type DocumentVerdictStatus = (typeof documentVerdicts)[number];

export const documentVerdictSchema = z.object({
  status: z.enum(documentVerdicts),
  /** The version that replaced this one, when superseded. */
  superseded_by: z.nullable(z.object({ version: z.number(), amended_at: timestampSchema })),
  /** When the issuer withdrew the document, when withdrawn. */
  withdrawn_at: z.nullable(timestampSchema),
});
export type DocumentVerdict = z.output<typeof documentVerdictSchema>;

/** The verdict in words, first thing on the page; `formatDate` formats an ISO timestamp for people. */
export function verdictHeadline(verdict: DocumentVerdict, formatDate: (iso: string) => string): string {
  if (verdict.status === 'withdrawn' && verdict.withdrawn_at) {
    return `Withdrawn by the issuer on ${formatDate(verdict.withdrawn_at)}`;
  }
  if (verdict.status === 'superseded' && verdict.superseded_by) {
    const { version, amended_at } = verdict.superseded_by;
    return `Superseded by version ${version} (amended ${formatDate(amended_at)})`;
  }
  if (verdict.status === 'current') return 'Genuine, current version';
  return 'Not issued';
}
