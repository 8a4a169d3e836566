import type { CertificateChecklist, CertificateState, MaterialLine, StateDetails } from '@app/contract';
import { documentFingerprint, type JsonValue } from '../../platform/documents/fingerprint.ts';
import type { CertificateRow } from './certificates.repo.ts';
import type { StoredApplicator, StoredPhoto } from './certificates.schema.ts';

/**
 * One version of a certificate as it is printed, shared and kept in the documents kernel's
 * `document_versions` once superseded (ADR 0025). Dates are ISO strings.
 */
export type CertificateContent = {
  id: string;
  certificate_number: string | null;
  status: CertificateState;
  standards: string[];
  job_site_address: string;
  installation_date: string | null;
  areas: string;
  materials_used: string;
  /** Absent in versions kept before structured materials and state details (read them as none). */
  materials?: MaterialLine[] | undefined;
  state_details?: StateDetails | null | undefined;
  additional_info: string;
  photos: StoredPhoto[];
  /** Absent in versions kept before checklists existed (read them as none). */
  checklists?: CertificateChecklist[] | undefined;
  applicator: StoredApplicator | null;
  completed_at: string | null;
  version: number;
  amended_at: string | null;
  amendment_reason: string | null;
};

/** The version a certificate row holds now. */
export function contentOf(row: CertificateRow): CertificateContent {
  return {
    id: row.id,
    certificate_number: row.certificateNumber,
    status: row.status,
    standards: row.standards,
    job_site_address: row.jobSiteAddress,
    installation_date: row.installationDate,
    areas: row.areas,
    materials_used: row.materialsUsed,
    materials: row.materials,
    state_details: row.stateDetails,
    additional_info: row.additionalInfo,
    photos: row.photos,
    checklists: row.checklists,
    applicator: row.applicator,
    completed_at: row.completedAt?.toISOString() ?? null,
    version: row.version,
    amended_at: row.amendedAt?.toISOString() ?? null,
    amendment_reason: row.amendmentReason,
  };
}

/**
 * SHA-256 of a version's printed content, so a paper copy can be checked against the record. The
 * field order and shapes are the certificate's fingerprint format: version 1 keeps the format that
 * certificates were issued with before versions existed (pinned by a test); an amendment adds its
 * version, date and reason at the end, so it never shares a fingerprint with the version it replaced.
 */
export function certificateFingerprint(content: CertificateContent): string {
  const fields = {
    id: content.id,
    certificate_number: content.certificate_number,
    status: content.status,
    standards: content.standards,
    job_site_address: content.job_site_address,
    installation_date: content.installation_date,
    areas: content.areas,
    materials_used: content.materials_used,
    additional_info: content.additional_info,
    photos: content.photos.map(canonicalPhoto),
    applicator: content.applicator && Object.entries(content.applicator).sort(([a], [b]) => a.localeCompare(b)),
    completed_at: content.completed_at,
    // Only when there are any: a certificate without checklists keeps the fingerprint it had.
    ...(content.checklists?.length ? { checklists: content.checklists.map(canonicalChecklist) } : {}),
    // The same for the structured materials and the state details.
    ...(content.materials?.length ? { materials: content.materials.map(canonicalMaterial) } : {}),
    ...(content.state_details ? { state_details: canonicalStateDetails(content.state_details) } : {}),
  };
  if (content.version === 1) return documentFingerprint(fields);
  return documentFingerprint({
    ...fields,
    version: content.version,
    amended_at: content.amended_at,
    amendment_reason: content.amendment_reason,
  });
}

/** Whether two versions print the same (what an edit must change to make a new version). */
export function samePrintedContent(a: CertificateContent, b: CertificateContent): boolean {
  return certificateFingerprint({ ...a, version: 1 }) === certificateFingerprint({ ...b, version: 1 });
}

/** A photo as fingerprinted: when and where it was taken only when known, so older photos keep theirs. */
function canonicalPhoto(photo: StoredPhoto) {
  const taken = photo.taken_at ? [photo.taken_at] : [];
  const where = photo.location ? [photo.location.latitude, photo.location.longitude] : [];
  return [photo.file_id, photo.caption, ...taken, ...where];
}

const canonicalMaterial = (line: MaterialLine) => [line.product, line.brand, line.type_class, line.batch, line.coats];

const canonicalStateDetails = (details: StateDetails) => [
  details.state,
  details.lot_and_plan,
  details.local_government_area,
  details.building_class,
  details.aspects_certified,
];

/** A checklist with its entries in item-id order (jsonb does not keep key order): one content, one fingerprint. */
function canonicalChecklist(checklist: CertificateChecklist) {
  const entries = Object.entries(checklist.entries)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, entry]) => [id, Object.entries(entry).sort(([a], [b]) => a.localeCompare(b))]);
  // A custom template's copy is content too (ADR 0038); a built-in checklist keeps its fingerprint.
  const canonical = [checklist.template_id, checklist.ncc_edition, entries];
  return checklist.template ? [...canonical, checklist.template as unknown as JsonValue] : canonical;
}
