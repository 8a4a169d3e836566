import type { DocumentKind } from '@app/contract';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  documentVersions,
  signatureRequests,
  type signatureRevocationReasons,
  siteSignOnLinks,
} from './documents.schema.ts';

/**
 * The one rule for "this is a signature": given, and not set aside by the owner as a junk site
 * sign-on. Every question of whether a version is signed asks it.
 */
export const countsAsSignature = () => and(isNotNull(signatureRequests.signedAt), isNull(signatureRequests.setAsideAt));

/**
 * Signatures given on one version: `documentId` and `version` may be values or columns (a list
 * query's correlated subquery). The one condition every "who signed which version" read uses.
 */
export const signedOn = (kind: DocumentKind, documentId: unknown, version: unknown) =>
  and(
    eq(signatureRequests.documentKind, kind),
    sql`${signatureRequests.documentId} = ${documentId}`,
    sql`${signatureRequests.documentVersion} = ${version}`,
    countsAsSignature(),
  );

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
    .where(signedOn(ref.kind, ref.documentId, ref.version))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether the version has left its owner's hands: printed with its QR code, sent for signing (by
 * link or a site QR code), sent as a copy to a builder, or signed. Every such act goes through the
 * issue step, which dates the version once (ADR 0099), so `issued_at` alone answers. Such a version
 * is issued, never rewritten.
 */
export async function versionIsIssued(db: Queryable, ref: DocumentVersionRef): Promise<boolean> {
  const rows = await db
    .select({ issuedAt: documentVersions.issuedAt })
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.kind, ref.kind),
        eq(documentVersions.documentId, ref.documentId),
        eq(documentVersions.version, ref.version),
        isNotNull(documentVersions.issuedAt),
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
export function voidOpenRequestsBefore(db: Queryable, ref: DocumentVersionRef): Promise<string[]> {
  return voidOpenRequests(db, ref, 'new_version');
}

async function voidOpenRequests(
  db: Queryable,
  ref: DocumentVersionRef,
  reason: (typeof signatureRevocationReasons)[number],
): Promise<string[]> {
  const rows = await db
    .update(signatureRequests)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
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

/** Whether anyone has signed any version of the document: then it is withdrawn, never deleted. */
export async function documentHasSignatures(db: Queryable, kind: DocumentKind, documentId: string): Promise<boolean> {
  const rows = await db
    .select({ id: signatureRequests.id })
    .from(signatureRequests)
    .where(
      and(eq(signatureRequests.documentKind, kind), eq(signatureRequests.documentId, documentId), countsAsSignature()),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Ends all signing of a withdrawn document, in the caller's transaction: open requests of every
 * version are voided and its site QR links stop working. Signatures given stay.
 */
export async function closeSigning(db: Queryable, kind: DocumentKind, documentId: string): Promise<void> {
  // The owner's own act, as a revocation by hand is.
  // Below the largest version number a row can hold: every version.
  await voidOpenRequests(db, { kind, documentId, version: 2_147_483_647 }, 'owner');
  await db
    .update(siteSignOnLinks)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(siteSignOnLinks.documentKind, kind),
        eq(siteSignOnLinks.documentId, documentId),
        isNull(siteSignOnLinks.revokedAt),
      ),
    );
}
