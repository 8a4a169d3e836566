import { z } from 'zod/mini';
import { timestampSchema, uuidSchema } from '../common/values.ts';
import { madeByFilterSchema, madeBySchema } from '../teams/made-by.ts';
import { certificateStates } from './certificates.ts';

/* The owner's lists, photo uploads and gallery (kept out of certificates.ts, which the share page loads). */

export const certificateListQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  status: z.optional(z.enum(certificateStates)),
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  made_by: madeByFilterSchema,
});
export type CertificateListQuery = z.input<typeof certificateListQuerySchema>;

export const certificateSummarySchema = z.object({
  id: z.string(),
  certificate_number: z.nullable(z.string()),
  job_site_address: z.string(),
  installation_date: z.nullable(z.string()),
  status: z.enum(certificateStates),
  standards: z.array(z.string()),
  photo_count: z.number(),
  /** The first photo's thumbnail (a signed URL), null without photos. */
  thumbnail_url: z.nullable(z.string()),
  /** The version shown: past 1, the certificate was amended. */
  version: z.number(),
  /** Whether anyone signed the version shown. */
  signed: z.boolean(),
  made_by: madeBySchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
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
