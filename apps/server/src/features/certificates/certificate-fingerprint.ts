import { documentFingerprint } from '../../platform/documents/fingerprint.ts';
import type { CertificateRow } from './certificates.repo.ts';

/**
 * The certificate's content as the PDF and the share page print it, so a paper copy can be checked
 * against the live record. Timestamps of edits are not content. The field order and shapes are the
 * certificate's fingerprint format: issued certificates carry fingerprints made with it.
 */
export function certificateFingerprint(row: CertificateRow): string {
  return documentFingerprint({
    id: row.id,
    certificate_number: row.certificateNumber,
    status: row.status,
    standards: row.standards,
    job_site_address: row.jobSiteAddress,
    installation_date: row.installationDate,
    areas: row.areas,
    materials_used: row.materialsUsed,
    additional_info: row.additionalInfo,
    photos: row.photos.map((photo) => [photo.file_id, photo.caption]),
    applicator: row.applicator && Object.entries(row.applicator).sort(([a], [b]) => a.localeCompare(b)),
    completed_at: row.completedAt?.toISOString() ?? null,
  });
}
