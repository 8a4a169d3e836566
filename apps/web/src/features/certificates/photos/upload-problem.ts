import type { PhotoUpload } from './use-photo-uploads.ts';

export const PHOTO_STILL_UPLOADING = 'A photo is still uploading';
export const PHOTO_UPLOAD_FAILED = 'A photo failed to upload: retry or remove it';

/**
 * Why the form cannot be saved yet because of its photos, if it cannot: a certificate
 * saved now would go without a photo the user chose, and nothing would say so. A failed upload
 * comes first, since waiting will not mend it.
 */
export function photoUploadProblem(uploads: readonly Pick<PhotoUpload, 'stage'>[]): string | undefined {
  if (uploads.some((upload) => upload.stage === 'failed')) return PHOTO_UPLOAD_FAILED;
  if (uploads.length > 0) return PHOTO_STILL_UPLOADING;
  return undefined;
}
