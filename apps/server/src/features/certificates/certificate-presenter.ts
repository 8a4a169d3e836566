import type { Certificate } from '@app/contract';
import type { Queryable } from '../../db/client.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import { type CertificateContent, certificateFingerprint, contentOf } from './certificate-content.ts';
import { certificateVerdict, type IssuedVersion, issuedVersion } from './certificate-versions.ts';
import type { CertificateRow } from './certificates.repo.ts';
import type { StoredPhoto } from './certificates.schema.ts';

/** One version of a certificate as a caller is shown it. */
export type ShownCertificate = {
  head: CertificateRow;
  content: CertificateContent;
  issued: IssuedVersion | null;
  isOwner: boolean;
};

type PresenterDeps = { db: Queryable; storedFiles: Pick<StoredFiles, 'signedUrl'> };

/** Each stored photo with signed URLs to it and its thumbnail. */
export function signedPhotos(storedFiles: PresenterDeps['storedFiles'], photos: readonly StoredPhoto[]) {
  return Promise.all(
    photos.map(async (photo) => ({
      file_id: photo.file_id,
      caption: photo.caption,
      ...(photo.taken_at && { taken_at: photo.taken_at }),
      ...(photo.location && { location: photo.location }),
      url: await storedFiles.signedUrl(photo.file_id),
      thumbnail_url: await storedFiles.signedUrl(photo.file_id, 'thumbnail'),
    })),
  );
}

/** The owner's answer after a save: the row as it now stands. */
export async function presentSavedRow(deps: PresenterDeps, row: CertificateRow): Promise<Certificate> {
  const issued = row.status === 'completed' ? await issuedVersion(deps.db, row, row.version) : null;
  return presentCertificate(deps, { head: row, content: contentOf(row), issued, isOwner: true });
}

/** The API's answer for one version: its content, the verdict on it, and signed links to its files. */
export async function presentCertificate(deps: PresenterDeps, shown: ShownCertificate): Promise<Certificate> {
  const { head, content, issued } = shown;
  const { applicator } = content;
  const { storedFiles } = deps;
  return {
    id: head.id,
    user_id: head.userId,
    certificate_number: content.certificate_number,
    standards: content.standards,
    job_site_address: content.job_site_address,
    installation_date: content.installation_date,
    areas: content.areas,
    materials_used: content.materials_used,
    materials: content.materials ?? [],
    state_details: content.state_details ?? null,
    additional_info: content.additional_info,
    photos: await signedPhotos(storedFiles, content.photos),
    checklists: content.checklists ?? [],
    status: content.status,
    review_note: head.reviewNote,
    applicator: applicator && {
      company_name: applicator.company_name,
      company_address: applicator.company_address,
      company_phone: applicator.company_phone,
      company_email: applicator.company_email,
      company_abn: applicator.company_abn,
      licence_number: applicator.licence_number,
      applicator_name: applicator.applicator_name,
      logo_url: await storedFiles.signedUrl(applicator.logo_file_id),
      signature_url: await storedFiles.signedUrl(applicator.signature_file_id),
      ...(applicator.issued_by ? { issued_by: applicator.issued_by } : {}),
    },
    completed_at: content.completed_at,
    created_at: head.createdAt.toISOString(),
    updated_at: head.updatedAt.toISOString(),
    is_owner: shown.isOwner,
    fingerprint: certificateFingerprint(content),
    version: content.version,
    amended_at: content.amended_at,
    amendment_reason: content.amendment_reason,
    revision: head.revision,
    verdict: await certificateVerdict(deps.db, head, content.version, issued),
  };
}
