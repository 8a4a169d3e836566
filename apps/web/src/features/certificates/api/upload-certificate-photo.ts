import type { UploadedPhoto } from '@app/contract';
import { apiUpload } from '../../../lib/api-client.ts';

/**
 * POST /api/certificates/photos: stores a photo for a certificate form to attach. The form's
 * upload queue (photos/use-photo-uploads.ts) calls it, keeping each photo's progress itself.
 */
export function uploadCertificatePhoto(photo: Blob, onProgress: (fraction: number) => void): Promise<UploadedPhoto> {
  return apiUpload('/api/certificates/photos', photo, { onProgress });
}
