import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { type DocumentKind, signatureRequests } from '../../db/schema.ts';

/**
 * The one rule for "this is a signature": given, and not set aside by the owner as a junk site
 * sign-on (issue 20). Every question of whether a version is signed asks it.
 */
export const countsAsSignature = () => and(isNotNull(signatureRequests.signedAt), isNull(signatureRequests.setAsideAt));

/** One version of one document: what a signature request points at. */
export type DocumentVersionRef = { kind: DocumentKind; documentId: string; version: number };

/**
 * Whether anyone has signed this version. A signed version is never rewritten: an edit to it
 * becomes the next version (DOMAIN: an edit to a signed SWMS creates a new version).
 */
export async function versionHasSignatures(db: Queryable, ref: DocumentVersionRef): Promise<boolean> {
  const rows = await db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(
      and(
        eq(signatureRequests.documentKind, ref.kind),
        eq(signatureRequests.documentId, ref.documentId),
        eq(signatureRequests.documentVersion, ref.version),
        countsAsSignature(),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Voids every request on an older version that is still open (not signed, declined or revoked), in
 * the caller's transaction, when a document gets a new version: those links must not sign a version
 * that is no longer current. Signatures already given stay on their version. Returns the voided ids.
 */
export async function voidOpenRequestsBefore(db: Queryable, ref: DocumentVersionRef): Promise<string[]> {
  const rows = await db
    .update(signatureRequests)
    .set({ revokedAt: sql`now()`, revokedReason: 'new_version' })
    .where(
      and(
        eq(signatureRequests.documentKind, ref.kind),
        eq(signatureRequests.documentId, ref.documentId),
        lt(signatureRequests.documentVersion, ref.version),
        isNull(signatureRequests.signedAt),
        isNull(signatureRequests.declinedAt),
        isNull(signatureRequests.revokedAt),
      ),
    )
    .returning({ id: signatureRequests.id });
  return rows.map((row) => row.id);
}
