import {
  type Certificate,
  type CertificateChecklist,
  type CreateCertificateRequest,
  certificateChecklistSchema,
  emptyMaterialLine,
  KNOWN_STANDARDS,
  type MaterialLine,
  materialLineSchema,
  missingForCompletion,
  type PhotoLocation,
  type StateDetails,
  stateDetailsSchema,
  type UpdateCertificateRequest,
  type WritableCertificateStatus,
} from '@app/contract';
import { z } from 'zod/mini';
import { fieldErrorsFrom } from '../../lib/request-errors.ts';

/**
 * A photo on the form. `local`: taken with no connection, kept on this phone (lib/outbox) under the
 * id its upload will give it; its URLs are the phone's own, made again after a reload. `takenAt`
 * and `location`: when the camera took it, and where (only when the user allowed it).
 */
export type PhotoValue = {
  fileId: string;
  caption: string;
  url: string;
  thumbnailUrl: string;
  local?: boolean;
  takenAt?: string;
  location?: PhotoLocation;
};

/** What the certificate form edits, under the camelCase names of PRODUCT.md, Records. */
export type CertificateFormValues = {
  /** The ticked standards of KNOWN_STANDARDS. */
  standards: string[];
  /** "Other" standards as typed; several are separated by semicolons. */
  otherStandards: string;
  jobSiteAddress: string;
  /** YYYY-MM-DD, or '' when not chosen yet (a draft may leave it empty). */
  installationDate: string;
  areas: string;
  /** The materials applied, line by line, as the API has them. */
  materials: MaterialLine[];
  /** Materials written as text: what certificates made before the lines have, and anything else. */
  materialsUsed: string;
  /** Lot and plan, council area and so on; null when not given. */
  stateDetails: StateDetails | null;
  additionalInfo: string;
  photos: PhotoValue[];
  /** The checklists recorded on it (ADR 0039), as the API has them. */
  checklists: CertificateChecklist[];
};

/** The form's values as a device keeps them (unsaved typing, edits not synced yet): read back only if they still fit. */
export const certificateFormValuesSchema = z.object({
  standards: z.array(z.string()),
  otherStandards: z.string(),
  jobSiteAddress: z.string(),
  installationDate: z.string(),
  areas: z.string(),
  materialsUsed: z.string(),
  additionalInfo: z.string(),
  photos: z.array(
    z.object({
      fileId: z.string(),
      caption: z.string(),
      url: z.string(),
      thumbnailUrl: z.string(),
      local: z.optional(z.boolean()),
      takenAt: z.optional(z.string()),
      location: z.optional(z.object({ latitude: z.number(), longitude: z.number() })),
    }),
  ),
  // Typing kept before checklists, material lines and state details existed has none.
  checklists: z._default(z.array(certificateChecklistSchema), []),
  materials: z._default(z.array(materialLineSchema), []),
  stateDetails: z._default(z.nullable(stateDetailsSchema), null),
});

export type CertificateFieldName = Exclude<keyof CertificateFormValues, 'otherStandards'>;
export type FieldErrors = Partial<Record<CertificateFieldName, string>>;

/** The certificate fields as the API names them (snake_case), without user, status and save bookkeeping. */
type ApiFields = Required<Omit<UpdateCertificateRequest, 'status' | 'revision' | 'amendment_reason'>>;

const fieldOfApiName: Record<keyof ApiFields, CertificateFieldName> = {
  standards: 'standards',
  job_site_address: 'jobSiteAddress',
  installation_date: 'installationDate',
  areas: 'areas',
  materials_used: 'materialsUsed',
  materials: 'materials',
  state_details: 'stateDetails',
  additional_info: 'additionalInfo',
  photos: 'photos',
  checklists: 'checklists',
};

const isKnownStandard = (standard: string) => (KNOWN_STANDARDS as readonly string[]).includes(standard);

/** State details with nothing entered but the state. */
export const noStateDetails = (state: StateDetails['state']): StateDetails => ({
  state,
  lot_and_plan: '',
  local_government_area: '',
  building_class: '',
  aspects_certified: '',
});

/** A new certificate: a material line for each of the profile's common materials. */
export function emptyFormValues({
  commonMaterials,
  today,
}: {
  commonMaterials: string[];
  today: string;
}): CertificateFormValues {
  return {
    standards: [],
    otherStandards: '',
    jobSiteAddress: '',
    installationDate: today,
    areas: '',
    materials: commonMaterials.map((material) => emptyMaterialLine(material)),
    materialsUsed: '',
    stateDetails: null,
    additionalInfo: '',
    photos: [],
    checklists: [],
  };
}

export function formValuesOf(certificate: Certificate): CertificateFormValues {
  return {
    standards: KNOWN_STANDARDS.filter((standard) => certificate.standards.includes(standard)),
    otherStandards: certificate.standards.filter((standard) => !isKnownStandard(standard)).join('; '),
    jobSiteAddress: certificate.job_site_address,
    installationDate: certificate.installation_date ?? '',
    areas: certificate.areas,
    materials: certificate.materials,
    materialsUsed: certificate.materials_used,
    stateDetails: certificate.state_details,
    additionalInfo: certificate.additional_info,
    photos: certificate.photos.map((photo) => ({
      fileId: photo.file_id,
      caption: photo.caption,
      url: photo.url,
      thumbnailUrl: photo.thumbnail_url,
      ...(photo.taken_at && { takenAt: photo.taken_at }),
      ...(photo.location && { location: photo.location }),
    })),
    checklists: certificate.checklists,
  };
}

function apiFieldsOf(values: CertificateFormValues): ApiFields {
  const others = values.otherStandards
    .split(';')
    .map((standard) => standard.trim())
    .filter(Boolean);
  return {
    // Known standards in the order the form lists them, so re-saving an unchanged form changes nothing.
    standards: [...KNOWN_STANDARDS.filter((standard) => values.standards.includes(standard)), ...others],
    job_site_address: values.jobSiteAddress.trim(),
    installation_date: values.installationDate || null,
    areas: values.areas.trim(),
    materials_used: values.materialsUsed.trim(),
    // A line with no product is one the user has not filled in yet: it is not sent.
    materials: values.materials.flatMap((line) => {
      const trimmed = {
        product: line.product.trim(),
        brand: line.brand.trim(),
        type_class: line.type_class.trim(),
        batch: line.batch.trim(),
        coats: line.coats,
      };
      return trimmed.product ? [trimmed] : [];
    }),
    state_details: values.stateDetails,
    additional_info: values.additionalInfo.trim(),
    photos: values.photos.map((photo) => ({
      file_id: photo.fileId,
      caption: photo.caption.trim(),
      ...(photo.takenAt && { taken_at: photo.takenAt }),
      ...(photo.location && { location: photo.location }),
    })),
    checklists: values.checklists,
  };
}

/**
 * `clientId`: the id the certificate gets, made once per form, so the same form sent twice (a
 * double tap, a retry after a lost answer, the outbox) makes one certificate (ADR 0032).
 */
export function createRequestOf(
  values: CertificateFormValues,
  userId: string,
  status: WritableCertificateStatus,
  clientId: string,
): CreateCertificateRequest {
  return { id: clientId, user_id: userId, ...apiFieldsOf(values), status };
}

/**
 * Only what changed since `original` was loaded: a field not sent keeps its stored value on the
 * server (PRODUCT.md, Accounts and sessions), so an edit never overwrites a field the user did not
 * touch. The revision it was loaded at goes along: a save over a newer one is refused, not applied.
 * `amendmentReason`: why an issued certificate is amended (printed on the new version), sent with an
 * edit of an issued certificate or of the draft of an amendment.
 */
export function updateRequestOf(
  original: Certificate,
  values: CertificateFormValues,
  status: WritableCertificateStatus,
  amendmentReason = '',
): UpdateCertificateRequest {
  const before = apiFieldsOf(formValuesOf(original));
  const after = apiFieldsOf(values);
  const changed = (Object.keys(after) as Array<keyof ApiFields>).filter(
    (name) => JSON.stringify(after[name]) !== JSON.stringify(before[name]),
  );
  const request: UpdateCertificateRequest = {
    ...Object.fromEntries(changed.map((name) => [name, after[name]])),
    revision: original.revision,
  };
  if (status !== original.status) request.status = status;
  const amending = original.status === 'completed' || original.version > 1;
  if (amending && amendmentReason.trim()) request.amendment_reason = amendmentReason.trim();
  return request;
}

/**
 * The certificate as `edit` (an edit waiting on this phone, as updateRequestOf made it) would make
 * it: for the form that goes on from it, and for the conflict choice.
 */
export function withEdit(certificate: Certificate, edit: UpdateCertificateRequest): Certificate {
  const stored = new Map(certificate.photos.map((photo) => [photo.file_id, photo]));
  const photos = edit.photos?.flatMap((photo) => {
    const known = stored.get(photo.file_id);
    return known ? [{ ...known, caption: photo.caption ?? '' }] : [];
  });
  return {
    ...certificate,
    standards: edit.standards ?? certificate.standards,
    job_site_address: edit.job_site_address ?? certificate.job_site_address,
    installation_date: edit.installation_date !== undefined ? edit.installation_date : certificate.installation_date,
    areas: edit.areas ?? certificate.areas,
    materials_used: edit.materials_used ?? certificate.materials_used,
    materials: edit.materials
      ? edit.materials.map((line) => ({ ...emptyMaterialLine(), ...line }))
      : certificate.materials,
    state_details:
      edit.state_details === undefined
        ? certificate.state_details
        : edit.state_details && { ...noStateDetails(edit.state_details.state), ...edit.state_details },
    additional_info: edit.additional_info ?? certificate.additional_info,
    photos: photos ?? certificate.photos,
    checklists: edit.checklists ?? certificate.checklists,
    status: edit.status ?? certificate.status,
    amendment_reason: edit.amendment_reason ?? certificate.amendment_reason,
  };
}

/** What must be filled in before the certificate can be saved as completed (same rule as the server). */
export function completionErrors(values: CertificateFormValues): FieldErrors {
  return formFieldsOf(Object.fromEntries(missingForCompletion(apiFieldsOf(values)).map((m) => [m.path, m.message])));
}

/** The server's per-field validation messages (a 400), under the form's field names. */
export function formFieldErrors(error: unknown): FieldErrors {
  return formFieldsOf(fieldErrorsFrom(error));
}

function formFieldsOf(byApiName: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [apiName, message] of Object.entries(byApiName)) {
    const field = fieldOfApiName[apiName as keyof ApiFields];
    if (field) errors[field] = message;
  }
  return errors;
}
