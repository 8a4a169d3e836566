import { DEFAULT_TIME_ZONE, issuedByOf } from '@app/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { businessOfMaker } from '../accounts/business.ts';
import type { FileReferenceSource } from '../storage/file-references.ts';
import { documentVersions, type Letterhead } from './documents.schema.ts';
import type { KernelDocumentRow, KernelVersionRow } from './kernel-documents.repo.ts';

/**
 * The letterhead of `document` as its business and maker stand now (the owner's name and signature
 * once the maker has left): what a draft prints, and what issuing freezes.
 */
export async function liveLetterhead(
  db: Queryable,
  document: Pick<KernelDocumentRow, 'businessId' | 'userId'>,
): Promise<Letterhead> {
  const business = await businessOfMaker(db, document.businessId, document.userId);
  const issuedBy = issuedByOf(business?.memberCount ?? 0, business?.applicatorName ?? null);
  return {
    company_name: business?.companyName ?? '',
    company_abn: business?.companyAbn ?? '',
    company_address: business?.companyAddress ?? '',
    company_phone: business?.companyPhone ?? '',
    company_email: business?.companyEmail ?? '',
    logo_file_id: business?.logoFileId ?? null,
    applicator_name: business?.applicatorName ?? '',
    signature_file_id: business?.signatureFileId ?? null,
    ...(issuedBy ? { issued_by: issuedBy } : {}),
    time_zone: business?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

/** The letterhead a version prints: the one frozen when it was issued, else (a draft) the live one. */
export async function letterheadOf(
  db: Queryable,
  found: { document: Pick<KernelDocumentRow, 'businessId' | 'userId'>; version: Pick<KernelVersionRow, 'issuer'> },
): Promise<Letterhead> {
  return found.version.issuer ?? liveLetterhead(db, found.document);
}

/**
 * The kernel's issue step for what a version prints (ADR 0088): called in the transaction that
 * first prints, sends or signs it, it freezes the live letterhead into the version. Once only: a
 * version issued already keeps the letterhead it was first issued with.
 */
export async function freezeLetterhead(
  db: Queryable,
  document: Pick<KernelDocumentRow, 'id' | 'kind' | 'businessId' | 'userId'>,
  version: number,
): Promise<void> {
  const letterhead = await liveLetterhead(db, document);
  await db
    .update(documentVersions)
    .set({ issuer: letterhead })
    .where(
      and(
        eq(documentVersions.kind, document.kind),
        eq(documentVersions.documentId, document.id),
        eq(documentVersions.version, version),
        isNull(documentVersions.issuer),
      ),
    );
}

/**
 * The logo and signature frozen letterheads print: kept while an issued version refers to them,
 * whatever the profile holds now (a replaced logo, a changed signature, a member who left).
 */
export const letterheadFileReferences: FileReferenceSource = {
  columns: ['document_versions.issuer'],
  fileIds: sql`
    select ${documentVersions.issuer}->>'logo_file_id' from ${documentVersions}
    union all select ${documentVersions.issuer}->>'signature_file_id' from ${documentVersions}`,
};
