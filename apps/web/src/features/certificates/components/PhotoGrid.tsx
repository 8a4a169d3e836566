import type { CertificatePhoto } from '@app/contract';

/**
 * Photos of a certificate as thumbnails, each opening the full-size photo (a phone zooms it
 * natively), with its caption and whatever `describe` adds (the stage, when it was taken).
 */
export function PhotoGrid({
  photos,
  describe = () => [],
}: {
  photos: readonly CertificatePhoto[];
  describe?: (photo: CertificatePhoto) => string[];
}) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {photos.map((photo, index) => {
        const details = describe(photo).filter(Boolean).join(' · ');
        return (
          <li key={photo.file_id}>
            <figure className="flex flex-col gap-1">
              <a href={photo.url} target="_blank" rel="noopener" className="block">
                <img
                  src={photo.thumbnail_url}
                  alt={photo.caption || `Photo ${index + 1}`}
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded bg-slate-100 object-cover dark:bg-slate-800"
                />
                <span className="sr-only"> (open full size)</span>
              </a>
              {photo.caption || details ? (
                <figcaption className="text-sm">
                  <bdi>{photo.caption}</bdi>
                  {photo.caption && details ? ' · ' : ''}
                  {details}
                </figcaption>
              ) : null}
            </figure>
          </li>
        );
      })}
    </ul>
  );
}
