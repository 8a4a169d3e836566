import { z } from 'zod/mini';
import { isoDateSchema, uuidSchema } from '../common/values.ts';
import { FREE_MONTHLY_COMPLETED_LIMIT } from '../constants.ts';

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
export type WritableCertificateStatus = (typeof certificateStatuses)[number];

/** Messages of PRODUCT.md, Accounts and sessions and §6, word for word. */
export const certificateMessages = {
  userMismatch: 'User authentication mismatch - please log in again',
  premiumUpdate: 'Premium subscription required to update certificates',
  premiumDelete:
    'Premium Feature: Deleting certificates requires a premium subscription. Please upgrade to access this feature.',
  notFound: 'Certificate not found',
  monthlyLimit: `You have completed ${FREE_MONTHLY_COMPLETED_LIMIT} certificates this month, the limit of the free plan. Save this one as a draft, or upgrade to Premium for unlimited certificates.`,
} as const;

/**
 * A builder's signature covers this content: it is a record now (issue 20; versions come with the
 * documents kernel). Apart from certificateMessages, which the public share page loads: the web
 * shows the server's words.
 */
export const SIGNED_CERTIFICATE_MESSAGE = 'This certificate has been signed, so it can no longer be changed.';

export const certificatePhotoInputSchema = z.object({
  file_id: uuidSchema,
  caption: z._default(z.string().check(z.trim(), z.maxLength(300)), ''),
});

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
  additional_info: z.string().check(z.maxLength(5000)),
  photos: photosInput,
  status: z.enum(certificateStatuses),
};

export const createCertificateRequestSchema = z.object({
  /** Must be the signed-in user (PRODUCT.md, Accounts and sessions); a mismatch is refused. */
  user_id: uuidSchema,
  standards: z._default(certificateFields.standards, []),
  job_site_address: z._default(certificateFields.job_site_address, ''),
  installation_date: z._default(certificateFields.installation_date, null),
  areas: z._default(certificateFields.areas, ''),
  materials_used: z._default(certificateFields.materials_used, ''),
  additional_info: z._default(certificateFields.additional_info, ''),
  photos: z._default(certificateFields.photos, []),
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
  additional_info: z.optional(certificateFields.additional_info),
  photos: z.optional(certificateFields.photos),
  status: z.optional(certificateFields.status),
});
export type UpdateCertificateRequest = z.input<typeof updateCertificateRequestSchema>;

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
});
export type ApplicatorBlock = z.infer<typeof applicatorBlockSchema>;

export const certificatePhotoSchema = z.object({
  file_id: z.string(),
  caption: z.string(),
  url: z.string(),
  thumbnail_url: z.string(),
});
export type CertificatePhoto = z.infer<typeof certificatePhotoSchema>;

export const certificateSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  certificate_number: z.nullable(z.string()),
  standards: z.array(z.string()),
  job_site_address: z.string(),
  installation_date: z.nullable(z.string()),
  areas: z.string(),
  materials_used: z.string(),
  additional_info: z.string(),
  photos: z.array(certificatePhotoSchema),
  status: z.enum(certificateStatuses),
  applicator: z.nullable(applicatorBlockSchema),
  completed_at: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  /** True when the caller owns it (they see edit and delete actions). */
  is_owner: z.boolean(),
  /** SHA-256 of the certificate content, printed on the PDF so a paper copy can be checked. */
  fingerprint: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const certificateListQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  status: z.optional(z.enum(certificateStatuses)),
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
});
export type CertificateListQuery = z.input<typeof certificateListQuerySchema>;

export const certificateSummarySchema = z.object({
  id: z.string(),
  certificate_number: z.nullable(z.string()),
  job_site_address: z.string(),
  installation_date: z.nullable(z.string()),
  status: z.enum(certificateStatuses),
  standards: z.array(z.string()),
  photo_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CertificateSummary = z.infer<typeof certificateSummarySchema>;

export const certificateListResponseSchema = z.object({
  items: z.array(certificateSummarySchema),
  next_cursor: z.nullable(z.string()),
});
export type CertificateListResponse = z.infer<typeof certificateListResponseSchema>;

export const uploadedPhotoSchema = z.object({
  file_id: z.string(),
  url: z.string(),
  thumbnail_url: z.string(),
  width: z.number(),
  height: z.number(),
});
export type UploadedPhoto = z.infer<typeof uploadedPhotoSchema>;

export const galleryQuerySchema = z.object({
  certificate_id: z.optional(uuidSchema),
});

export const galleryPhotoSchema = z.object({
  certificate_id: z.string(),
  job_site_address: z.string(),
  certificate_number: z.nullable(z.string()),
  file_id: z.string(),
  caption: z.string(),
  url: z.string(),
  thumbnail_url: z.string(),
});
export const galleryResponseSchema = z.object({ photos: z.array(galleryPhotoSchema) });
export type GalleryPhoto = z.infer<typeof galleryPhotoSchema>;
