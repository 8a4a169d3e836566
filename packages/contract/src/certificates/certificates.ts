import { z } from 'zod/mini';
import { timestampSchema } from '../common/values.ts';
import type { CertificateChecklist } from '../compliance/checklist-judging.ts';
import { FREE_MONTHLY_COMPLETED_LIMIT } from '../constants.ts';
import { documentVerdictSchema } from '../documents/verdict.ts';
import type { MaterialLine, PhotoLocation, StateDetails } from './job-records.ts';

/** Standards offered on the form (the common Australian waterproofing standards); users may add their own ("Other"). */
export const KNOWN_STANDARDS = [
  'AS 3740-2021',
  'AS 4654.1-2012',
  'AS 4654.2-2012',
  'AS/NZS 4858:2004',
  'NCC Housing Provisions Part 10.2',
] as const;

export const MAX_PHOTOS_PER_CERTIFICATE = 20;
export const TOO_MANY_PHOTOS_MESSAGE = `A certificate can have up to ${MAX_PHOTOS_PER_CERTIFICATE} photos. Remove some before adding more.`;

export const certificateStatuses = ['draft', 'completed'] as const;
/**
 * Every state a certificate can be in: the two a save may ask for, and `in_review`, which only
 * submit-for-review reaches (ADR 0077, "Office reviews before issue"): not counted, not numbered.
 */
export const certificateStates = ['draft', 'in_review', 'completed'] as const;
export type CertificateState = (typeof certificateStates)[number];

export const AMENDMENT_REASON_MAX_LENGTH = 500;
export type WritableCertificateStatus = (typeof certificateStatuses)[number];

/**
 * A draft never issued: a working copy, not a certificate. On the free plan its owner may save it
 * again, complete it (counted then) or discard it; an issued certificate, or the draft of its next
 * version, stays Premium's to change (ADR 0069). One waiting for review was never issued either.
 */
export const isWorkingDraft = (certificate: { status: string; version: number }) =>
  certificate.status !== 'completed' && certificate.version === 1;

/** Messages of PRODUCT.md, Accounts and sessions and §6, word for word. */
export const certificateMessages = {
  userMismatch: 'User authentication mismatch - please log in again',
  premiumUpdate: 'Premium subscription required to update certificates',
  premiumDelete:
    'Premium Feature: Deleting certificates requires a premium subscription. Please upgrade to access this feature.',
  notFound: 'Certificate not found',
  monthlyLimit: `You have completed ${FREE_MONTHLY_COMPLETED_LIMIT} certificates this month, the limit of the free plan. Save this one as a draft and complete it next month, or upgrade to Premium for unlimited certificates.`,
} as const;

/**
 * A save made from an older revision than the record's (another device or tab saved first). Apart
 * from certificateMessages, which the public share page loads: the web shows the server's words.
 */
export const STALE_CERTIFICATE_MESSAGE =
  'This certificate was changed on another device or tab since you opened it. Reload to see the latest version, then make your change again.';

export const applicatorBlockSchema = z.object({
  company_name: z.nullable(z.string()),
  company_address: z.nullable(z.string()),
  company_phone: z.nullable(z.string()),
  company_email: z.nullable(z.string()),
  company_abn: z.nullable(z.string()),
  licence_number: z.nullable(z.string()),
  applicator_name: z.nullable(z.string()),
  logo_url: z.nullable(z.string()),
  signature_url: z.nullable(z.string()),
  /** The member who issued it, when the business had more than one then (issuedByLine). */
  issued_by: z.optional(z.string()),
});
export type ApplicatorBlock = z.infer<typeof applicatorBlockSchema>;

export const certificatePhotoSchema = z.object({
  file_id: z.string(),
  caption: z.string(),
  url: z.string(),
  thumbnail_url: z.string(),
  /** When the camera took it (EXIF, the phone's local time YYYY-MM-DDTHH:MM), when known. */
  taken_at: z.optional(z.string()),
  /** Where it was taken, only when the user allowed it. */
  location: z.optional(z.custom<PhotoLocation>()),
});
export type CertificatePhoto = z.infer<typeof certificatePhotoSchema>;

export const certificateSchema = z.object({
  id: z.string(),
  /** Its maker; null once their account is deleted (the certificate stays the business's). */
  user_id: z.nullable(z.string()),
  certificate_number: z.nullable(z.string()),
  standards: z.array(z.string()),
  job_site_address: z.string(),
  installation_date: z.nullable(z.string()),
  areas: z.string(),
  /** Free text: all that certificates made before structured materials have. */
  materials_used: z.string(),
  /** The materials applied, line by line (typed; checked on the way in by requests.ts). */
  materials: z.array(z.custom<MaterialLine>()),
  /** Lot and plan, council and building class, for the state's paperwork; null when not given. */
  state_details: z.nullable(z.custom<StateDetails>()),
  additional_info: z.string(),
  photos: z.array(certificatePhotoSchema),
  /**
   * The checklists recorded on it: typed, and sent as stored (requests are checked in
   * full by compliance/certificate-checklists.ts). An outline here would be applied to the answer
   * and drop what it does not name; the full schema stays out of the public page's script (ADR 0037).
   */
  checklists: z.array(z.custom<CertificateChecklist>()),
  status: z.enum(certificateStates),
  /** Why the office sent it back (set by return, cleared by the next submit); null otherwise. */
  review_note: z.nullable(z.string()),
  applicator: z.nullable(applicatorBlockSchema),
  completed_at: z.nullable(timestampSchema),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  /** True when the caller owns it (they see edit and delete actions). */
  is_owner: z.boolean(),
  /** SHA-256 of the certificate content, printed on the PDF so a paper copy can be checked. */
  fingerprint: z.string(),
  /** The version shown: an edit of an issued certificate makes the next one. */
  version: z.number(),
  /** When this version (past 1) was issued, and why. */
  amended_at: z.nullable(timestampSchema),
  amendment_reason: z.nullable(z.string()),
  /** The save this is, for the next save to name (optimistic concurrency). */
  revision: z.number(),
  /** What the record says of the version shown. */
  verdict: documentVerdictSchema,
});
export type Certificate = z.infer<typeof certificateSchema>;
