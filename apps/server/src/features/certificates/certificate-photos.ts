import type { GalleryPhoto, UploadedPhoto } from '@app/contract';
import type { Database } from '../../db/client.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import { signedPhotos } from './certificate-presenter.ts';
import { certificatesRepo } from './certificates.repo.ts';

/** The most certificates the gallery gathers photos from at once. */
const GALLERY_CERTIFICATE_LIMIT = 500;

/** Certificate photos: uploads (before they are attached to a certificate) and the gallery. */
export class CertificatePhotos {
  constructor(
    private readonly db: Database,
    private readonly storedFiles: StoredFiles,
  ) {}

  /** Stores a photo; with a client-made `clientId`, a retry answers the photo stored the first time. */
  async upload(caller: AuthenticatedCaller, upload: Buffer, clientId: string | undefined): Promise<UploadedPhoto> {
    const file = await this.storedFiles.saveImage(caller, 'photo', upload, clientId);
    return {
      file_id: file.id,
      url: await this.storedFiles.signedUrl(file.id),
      thumbnail_url: await this.storedFiles.signedUrl(file.id, 'thumbnail'),
      width: file.width,
      height: file.height,
    };
  }

  /** The business's photos, of one certificate or of its newest certificates with photos. */
  async gallery(caller: AuthenticatedCaller, certificateId: string | undefined): Promise<GalleryPhoto[]> {
    const rows = certificateId
      ? [await certificatesRepo.findOwned(this.db, caller.businessId, certificateId)].filter((row) => row !== undefined)
      : await certificatesRepo.listWithPhotos(this.db, caller.businessId, GALLERY_CERTIFICATE_LIMIT);
    const photos: GalleryPhoto[] = [];
    for (const row of rows) {
      for (const photo of await signedPhotos(this.storedFiles, row.photos)) {
        photos.push({
          certificate_id: row.id,
          job_site_address: row.jobSiteAddress,
          certificate_number: row.certificateNumber,
          ...photo,
        });
      }
    }
    return photos;
  }
}
