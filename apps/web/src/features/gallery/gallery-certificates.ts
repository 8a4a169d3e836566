import type { GalleryPhoto } from '@app/contract';

type GalleryCertificate = { id: string; label: string };

/** The certificates that have photos, in gallery order, named the way the user knows them. */
export function certificatesOf(photos: GalleryPhoto[]): GalleryCertificate[] {
  const seen = new Map<string, GalleryCertificate>();
  for (const photo of photos) {
    if (seen.has(photo.certificate_id)) continue;
    const address = photo.job_site_address || 'No address yet';
    seen.set(photo.certificate_id, {
      id: photo.certificate_id,
      label: photo.certificate_number ? `${photo.certificate_number}: ${address}` : `Draft: ${address}`,
    });
  }
  return [...seen.values()];
}
