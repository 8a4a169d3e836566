import { z } from 'zod/mini';
import { isoDateSchema, uuidSchema } from '../common/values.ts';
import { checklistsInput } from '../compliance/certificate-checklists.ts';
import {
  AMENDMENT_REASON_MAX_LENGTH,
  certificateStatuses,
  MAX_PHOTOS_PER_CERTIFICATE,
  TOO_MANY_PHOTOS_MESSAGE,
} from './certificates.ts';
import {
  australianStates,
  MATERIAL_LIMITS,
  type MaterialLine,
  type PhotoLocation,
  STATE_DETAIL_LIMITS,
  type StateDetails,
} from './job-records.ts';
import { REVIEW_NOTE_MAX_LENGTH } from './review.ts';

/*
 * What the owner sends to create and update certificates. A module of its own: the public share
 * page loads certificates.ts, and every schema there adds to its script.
 */

const photoLocationSchema = z.object({
  latitude: z.number().check(z.minimum(-90), z.maximum(90)),
  longitude: z.number().check(z.minimum(-180), z.maximum(180)),
}) satisfies z.ZodMiniType<PhotoLocation>;

export const certificatePhotoInputSchema = z.object({
  file_id: uuidSchema,
  caption: z._default(z.string().check(z.trim(), z.maxLength(300)), ''),
  /** When the camera took it (EXIF), in the phone's local time. */
  taken_at: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Use a date and time.'))),
  /** Where it was taken: sent only when the user allowed it. */
  location: z.optional(photoLocationSchema),
});

const shortText = (max: number) => z.string().check(z.trim(), z.maxLength(max));

export const materialLineSchema = z.object({
  product: z.string().check(z.trim(), z.minLength(1, 'Name the product.'), z.maxLength(MATERIAL_LIMITS.text)),
  brand: z._default(shortText(MATERIAL_LIMITS.text), ''),
  type_class: z._default(shortText(MATERIAL_LIMITS.text), ''),
  batch: z._default(shortText(MATERIAL_LIMITS.text), ''),
  coats: z._default(z.nullable(z.number().check(z.int(), z.minimum(1), z.maximum(MATERIAL_LIMITS.coats))), null),
}) satisfies z.ZodMiniType<MaterialLine, unknown>;

const materialsInput = z
  .array(materialLineSchema)
  .check(z.maxLength(MATERIAL_LIMITS.lines, `A certificate can list up to ${MATERIAL_LIMITS.lines} materials.`));

export const stateDetailsSchema = z.object({
  state: z.enum(australianStates),
  lot_and_plan: z._default(shortText(STATE_DETAIL_LIMITS.short), ''),
  local_government_area: z._default(shortText(STATE_DETAIL_LIMITS.short), ''),
  building_class: z._default(shortText(STATE_DETAIL_LIMITS.short), ''),
  aspects_certified: z._default(shortText(STATE_DETAIL_LIMITS.aspects), ''),
}) satisfies z.ZodMiniType<StateDetails, unknown>;

const photosInput = z
  .array(certificatePhotoInputSchema)
  .check(z.maxLength(MAX_PHOTOS_PER_CERTIFICATE, TOO_MANY_PHOTOS_MESSAGE));

const standardsInput = z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))).check(z.maxLength(20));

/** Fields of a certificate a user writes. Completed certificates need the job details filled in. */
const certificateFields = {
  standards: standardsInput,
  job_site_address: z.string().check(z.trim(), z.maxLength(500)),
  installation_date: z.nullable(isoDateSchema),
  areas: z.string().check(z.trim(), z.maxLength(2000)),
  materials_used: z.string().check(z.maxLength(5000)),
  materials: materialsInput,
  state_details: z.nullable(stateDetailsSchema),
  additional_info: z.string().check(z.maxLength(5000)),
  photos: photosInput,
  checklists: checklistsInput,
  status: z.enum(certificateStatuses),
};

/**
 * A record id the client made (the offline outbox's), so that sending the same create again, after
 * an answer that never arrived, answers the record it made instead of making a second one.
 */
const clientIdInput = z.optional(uuidSchema);

/** An id the client made that already names another user's record (never a retry of one's own). */
export const CLIENT_ID_TAKEN_MESSAGE = 'This id is already used by another record. Send it again with a new id.';

/**
 * A create sent again (410 `record_deleted`) for a certificate deleted or withdrawn since, or for a
 * photo that went with it: the outbox drops the change and shows this (ADR 0032).
 */
export const CERTIFICATE_DELETED_ELSEWHERE_MESSAGE = 'This certificate was deleted on another device';

export const createCertificateRequestSchema = z.object({
  id: clientIdInput,
  /** Must be the signed-in user (PRODUCT.md, Accounts and sessions); a mismatch is refused. */
  user_id: uuidSchema,
  standards: z._default(certificateFields.standards, []),
  job_site_address: z._default(certificateFields.job_site_address, ''),
  installation_date: z._default(certificateFields.installation_date, null),
  areas: z._default(certificateFields.areas, ''),
  materials_used: z._default(certificateFields.materials_used, ''),
  materials: z._default(certificateFields.materials, []),
  state_details: z._default(certificateFields.state_details, null),
  additional_info: z._default(certificateFields.additional_info, ''),
  photos: z._default(certificateFields.photos, []),
  checklists: z._default(certificateFields.checklists, []),
  status: certificateFields.status,
});
export type CreateCertificateRequest = z.input<typeof createCertificateRequestSchema>;

/** Any field not supplied keeps its existing value (PRODUCT.md, Accounts and sessions). */
export const updateCertificateRequestSchema = z.object({
  standards: z.optional(certificateFields.standards),
  job_site_address: z.optional(certificateFields.job_site_address),
  installation_date: z.optional(certificateFields.installation_date),
  areas: z.optional(certificateFields.areas),
  materials_used: z.optional(certificateFields.materials_used),
  materials: z.optional(certificateFields.materials),
  state_details: z.optional(certificateFields.state_details),
  additional_info: z.optional(certificateFields.additional_info),
  photos: z.optional(certificateFields.photos),
  checklists: z.optional(certificateFields.checklists),
  status: z.optional(certificateFields.status),
  /** The revision the edit was made from (every save carries it): a save made from an older one is refused (409). */
  revision: z.number().check(z.int(), z.minimum(0)),
  /** Why an issued certificate is amended; printed on the new version. */
  amendment_reason: z.optional(z.string().check(z.trim(), z.maxLength(AMENDMENT_REASON_MAX_LENGTH))),
});
export type UpdateCertificateRequest = z.input<typeof updateCertificateRequestSchema>;

/** Why an owner or office member sends a certificate in review back to its maker. */
export const returnFromReviewRequestSchema = z.object({
  note: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Write a note saying what to change.'),
      z.maxLength(REVIEW_NOTE_MAX_LENGTH, `Keep the note to ${REVIEW_NOTE_MAX_LENGTH} characters.`),
    ),
});
export type ReturnFromReviewRequest = z.input<typeof returnFromReviewRequestSchema>;

/** `id`: the id the photo gets, made by the client; uploading it again answers the photo already stored. */
export const uploadPhotoQuerySchema = z.object({ id: clientIdInput });

/** What a completed certificate needs; drafts may be saved half-filled. */
export function missingForCompletion(certificate: {
  standards: string[];
  job_site_address: string;
  installation_date: string | null;
  areas: string;
}): Array<{ path: string; message: string }> {
  const missing: Array<{ path: string; message: string }> = [];
  if (!certificate.job_site_address.trim())
    missing.push({ path: 'job_site_address', message: 'Enter the job site address.' });
  if (!certificate.installation_date)
    missing.push({ path: 'installation_date', message: 'Enter the installation date.' });
  if (certificate.standards.length === 0) missing.push({ path: 'standards', message: 'Choose at least one standard.' });
  if (!certificate.areas.trim()) missing.push({ path: 'areas', message: 'Describe the areas treated.' });
  return missing;
}
