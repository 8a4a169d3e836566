import type { DocumentKind } from '@app/contract';
import { type DocumentVerdict, type DocumentVerification, VERIFICATION_SIGNATURES_SHOWN } from '@app/contract';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { documentVersions, signatureRequests } from './documents.schema.ts';
import { type DocumentVersionRef, signedOn } from './signatures.ts';

export type DocumentVersionRow = typeof documentVersions.$inferSelect;

/** A version being issued, as this store keeps it. */
export type IssuingVersion = DocumentVersionRef & {
  businessId: string;
  userId: string | null;
  body: Record<string, unknown>;
  fingerprint: string;
  /** When its kind dates the issue itself (a certificate's completion or amendment); else now. */
  issuedAt?: Date | undefined;
  amendmentReason?: string | null;
};

/** The versions of one document. */
const ofDocument = (kind: DocumentKind, documentId: string) =>
  and(eq(documentVersions.kind, kind), eq(documentVersions.documentId, documentId));

/**
 * The documents kernel's version store (ADR 0025): every kind keeps its versions' bodies and
 * fingerprints here, and asks here who signed which version. Once a version is issued, its body and
 * fingerprint are never updated.
 */
export const documentVersionsRepo = {
  async find(db: Queryable, kind: DocumentKind, documentId: string, version: number) {
    const [row] = await db
      .select()
      .from(documentVersions)
      .where(and(ofDocument(kind, documentId), eq(documentVersions.version, version)));
    return row;
  },

  /** The newest issued version kept here, if any. */
  async latestIssued(db: Queryable, kind: DocumentKind, documentId: string) {
    const [row] = await db
      .select()
      .from(documentVersions)
      .where(and(ofDocument(kind, documentId), isNotNull(documentVersions.issuedAt)))
      .orderBy(desc(documentVersions.version))
      .limit(1);
    return row;
  },

  /** Every version kept, oldest first (bounded by how many versions one document can have). */
  async list(db: Queryable, kind: DocumentKind, documentId: string) {
    return db
      .select()
      .from(documentVersions)
      .where(ofDocument(kind, documentId))
      .orderBy(asc(documentVersions.version));
  },

  /**
   * The one write of "issued" (the kernel's issue step, lifecycle-steps.ts): marks `version` issued,
   * keeping it here first when its kind keeps its working version on its own head row (the
   * certificate's). A version issued already keeps its first date. True when this call issued it.
   */
  async markIssued(db: Queryable, version: IssuingVersion): Promise<boolean> {
    const { issuedAt, ...kept } = version;
    const marked = await db
      .insert(documentVersions)
      .values({ ...kept, issuedAt: issuedAt ?? sql`now()` })
      .onConflictDoUpdate({
        target: [documentVersions.documentId, documentVersions.version],
        set: { issuedAt: sql`excluded.issued_at` },
        setWhere: isNull(documentVersions.issuedAt),
      })
      .returning({ version: documentVersions.version });
    return marked.length > 0;
  },

  async deleteAll(db: Queryable, businessId: string, kind: DocumentKind, documentId: string): Promise<void> {
    await db
      .delete(documentVersions)
      .where(and(eq(documentVersions.businessId, businessId), ofDocument(kind, documentId)));
  },
};

/**
 * Who signed one version, in signing order: the one read every kind's history, verification and
 * printed register (a SWMS's, with each signature's file) use.
 */
export async function versionSignatures(db: Queryable, ref: DocumentVersionRef) {
  return db
    .select({
      signerName: signatureRequests.signerName,
      signerCompany: signatureRequests.signerCompany,
      signerRole: signatureRequests.signerRole,
      signatureFileId: signatureRequests.signatureFileId,
      signedAt: sql<Date>`${signatureRequests.signedAt}`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(signatureRequests)
    .where(signedOn(ref.kind, ref.documentId, ref.version))
    .orderBy(asc(signatureRequests.signedAt));
}

/** Who signed one version, as the public verification page lists them: names, companies and dates only. */
async function verifiedSignatures(
  db: Queryable,
  ref: DocumentVersionRef,
): Promise<Pick<DocumentVerification, 'signature_count' | 'signatures'>> {
  const signatures = await versionSignatures(db, ref);
  return {
    signature_count: signatures.length,
    signatures: signatures.slice(0, VERIFICATION_SIGNATURES_SHOWN).map((signature) => ({
      signer_name: signature.signerName,
      signer_company: signature.signerCompany,
      signed_at: signature.signedAt.toISOString(),
    })),
  };
}

/**
 * The record's verdict on `version` of a document. `latestIssued`: the newest issued version and
 * when it was issued (null if none yet); `issued`: whether `version` itself was ever issued.
 */
export function verdictOf(input: {
  version: number;
  issued: boolean;
  latestIssued: { version: number; issuedAt: Date } | null;
  withdrawnAt: Date | null;
}): DocumentVerdict {
  const none = { superseded_by: null, withdrawn_at: null };
  if (!input.issued) return { status: 'not_issued', ...none };
  if (input.withdrawnAt) return { status: 'withdrawn', ...none, withdrawn_at: input.withdrawnAt.toISOString() };
  const latest = input.latestIssued;
  if (latest && latest.version > input.version) {
    return {
      status: 'superseded',
      superseded_by: { version: latest.version, amended_at: latest.issuedAt.toISOString() },
      withdrawn_at: null,
    };
  }
  return { status: 'current', ...none };
}

/**
 * The public verification page's answer for one version, whatever the kind (ADR 0071): what its
 * paper shows (`shown`), the one verdict rule over its `record`, and who signed it; never its content.
 */
export async function versionVerification(
  db: Queryable,
  documentId: string,
  shown: Omit<DocumentVerification, 'verdict' | 'signature_count' | 'signatures'>,
  record: Omit<Parameters<typeof verdictOf>[0], 'version'>,
): Promise<DocumentVerification> {
  const signed = await verifiedSignatures(db, { kind: shown.kind, documentId, version: shown.version });
  return { ...shown, verdict: verdictOf({ version: shown.version, ...record }), ...signed };
}

/**
 * The versions of a SWMS or cover sheet that were issued, each with when that first happened: a
 * version is issued when it leaves its owner, printed with its QR code, sent for signing or signed,
 * and the issue step dates it then (ADR 0099).
 */
export async function issuedVersionsOf(
  db: Queryable,
  kind: DocumentKind,
  documentId: string,
): Promise<Array<{ version: number; issuedAt: Date }>> {
  const rows = await db
    .select({ version: documentVersions.version, issuedAt: documentVersions.issuedAt })
    .from(documentVersions)
    .where(
      and(
        eq(documentVersions.kind, kind),
        eq(documentVersions.documentId, documentId),
        isNotNull(documentVersions.issuedAt),
      ),
    )
    .orderBy(documentVersions.version);
  return rows.flatMap(({ version, issuedAt }) => (issuedAt ? [{ version, issuedAt }] : []));
}
