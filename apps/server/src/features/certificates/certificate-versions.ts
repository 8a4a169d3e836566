import type { DocumentVerdict } from '@app/contract';
import type { Queryable } from '../../db/client.ts';
import {
  type DocumentVersionRow,
  documentVersionsRepo,
  type IssuingVersion,
  verdictOf,
} from '../../platform/documents/versions.ts';
import { type CertificateContent, certificateFingerprint, contentOf } from './certificate-content.ts';
import type { CertificateRow } from './certificates.repo.ts';

/**
 * A certificate's versions in the documents kernel (ADR 0025). The certificate row holds the
 * version being worked on; each issued version is kept in `document_versions` when it is superseded
 * (an amendment) or goes back to draft, so an issued version's body is never rewritten.
 */

/** An issued version: its content and when it was issued. */
export type IssuedVersion = { content: CertificateContent; fingerprint: string; issuedAt: Date };

/** When a version was issued: its completion, or for an amendment its amendment. */
const issuedAtOf = (content: CertificateContent) => new Date(content.amended_at ?? content.completed_at ?? 0);

/** A stored body read back: the content as it was kept (jsonb does not keep key order; order is not used). */
const parseContent = (body: Record<string, unknown>) => body as unknown as CertificateContent;

/** A kept version, if it was issued. */
const issuedFromKept = (row: DocumentVersionRow | undefined): IssuedVersion | null =>
  row?.issuedAt ? { content: parseContent(row.body), fingerprint: row.fingerprint, issuedAt: row.issuedAt } : null;

const issuedFromRow = (row: CertificateRow): IssuedVersion | null => {
  if (row.status !== 'completed') return null;
  const content = contentOf(row);
  return { content, fingerprint: certificateFingerprint(content), issuedAt: issuedAtOf(content) };
};

/** Version `version` of the certificate, if it was issued. */
export async function issuedVersion(
  db: Queryable,
  head: CertificateRow,
  version: number,
): Promise<IssuedVersion | null> {
  if (version === head.version) return issuedFromRow(head);
  return issuedFromKept(await documentVersionsRepo.find(db, 'certificate', head.id, version));
}

/** The newest issued version: the row's when it is issued, else the newest kept one (an amendment in draft). */
export async function latestIssuedVersion(db: Queryable, head: CertificateRow): Promise<IssuedVersion | null> {
  return issuedFromRow(head) ?? issuedFromKept(await documentVersionsRepo.latestIssued(db, 'certificate', head.id));
}

/** Every issued version, oldest first (the row's, kept too since its completion, read from the row). */
export async function issuedVersions(db: Queryable, head: CertificateRow): Promise<IssuedVersion[]> {
  const kept = await documentVersionsRepo.list(db, 'certificate', head.id);
  const before = kept.filter((row) => row.version !== head.version);
  return [...before.map(issuedFromKept), issuedFromRow(head)].filter((issued) => issued !== null);
}

/**
 * The row's issued version as the kernel's issue step marks it in `document_versions`: dated by
 * its completion or amendment, as its paper is.
 */
export function issuingVersionOf(head: CertificateRow): IssuingVersion {
  const issued = issuedFromRow(head);
  if (!issued) throw new Error(`certificate ${head.id} is not issued`);
  return {
    kind: 'certificate',
    documentId: head.id,
    businessId: head.businessId,
    userId: head.userId,
    version: head.version,
    body: issued.content as unknown as Record<string, unknown>,
    fingerprint: issued.fingerprint,
    issuedAt: issued.issuedAt,
    amendmentReason: head.amendmentReason,
  };
}

/**
 * Keeps the row's issued version in the kernel, in `tx`, before the row moves on to the next
 * version. A completion kept it when it issued it (ADR 0094); one completed before that, or an
 * amendment issued as it was edited, is kept now.
 */
export async function keepIssuedVersion(tx: Queryable, head: CertificateRow): Promise<void> {
  await documentVersionsRepo.markIssued(tx, issuingVersionOf(head));
}

/**
 * What the one verdict rule reads of the certificate's record (ADR 0071): whether the version asked
 * about was issued (`issued`, null: never), the newest issued version, and the withdrawal.
 */
export async function certificateRecord(db: Queryable, head: CertificateRow, issued: IssuedVersion | null) {
  const latest = await latestIssuedVersion(db, head);
  return {
    issued: issued !== null,
    latestIssued: latest && { version: latest.content.version, issuedAt: latest.issuedAt },
    withdrawnAt: head.withdrawnAt,
  };
}

/** The record's verdict on `version`, whose issue is `issued` (null: never issued). */
export async function certificateVerdict(
  db: Queryable,
  head: CertificateRow,
  version: number,
  issued: IssuedVersion | null,
): Promise<DocumentVerdict> {
  return verdictOf({ version, ...(await certificateRecord(db, head, issued)) });
}

/** The photos the kept versions print: an edit or a delete must reckon with them. */
export async function photosOfKeptVersions(db: Queryable, certificateId: string): Promise<string[]> {
  const kept = await documentVersionsRepo.list(db, 'certificate', certificateId);
  return kept.flatMap((row) => parseContent(row.body).photos.map((photo) => photo.file_id));
}
