import { certificateEndpoints, type UploadedPhoto } from '@app/contract';
import { callUpload } from '../../../lib/api-upload.ts';

/**
 * POST /api/certificates/photos: stores a photo for a certificate form to attach. The form's
 * upload queue (photos/use-photo-uploads.ts) calls it, keeping each photo's progress itself.
 */
export function uploadCertificatePhoto(
  photo: Blob,
  clientId: string,
  onProgress: (fraction: number) => void,
): Promise<UploadedPhoto> {
  // The id the photo gets: an upload sent again after a lost answer stores it once (ADR 0032).
  return callUpload(certificateEndpoints.uploadPhoto, { file: photo, query: { id: clientId } }, { onProgress });
}
