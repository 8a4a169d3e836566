import type { GalleryPhoto } from '@app/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { useGallery } from '../api/get-gallery.ts';
import { certificatesOf } from '../gallery-certificates.ts';
import { PhotoViewer } from './PhotoViewer.tsx';

/** The signed-in user's certificate photos: a grid, a certificate filter and a full-size viewer. */
export default function MemberGallery({ userId }: { userId: string }) {
  const gallery = useGallery(userId);
  const [searchParams, setSearchParams] = useSearchParams();
  const [viewing, setViewing] = useState<GalleryPhoto | null>(null);
  const photos = gallery.data ?? [];
  const certificates = useMemo(() => certificatesOf(gallery.data ?? []), [gallery.data]);
  const chosen = certificates.find((certificate) => certificate.id === searchParams.get('certificate'))?.id ?? '';
  const shown = chosen ? photos.filter((photo) => photo.certificate_id === chosen) : photos;

  if (gallery.isPending) return <Spinner label="Loading photos..." />;
  if (gallery.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert tone="error">Your photos could not be loaded. {requestErrorMessage(gallery.error)}</Alert>
        <Button variant="secondary" onClick={() => void gallery.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (photos.length === 0) {
    return (
      <Intro>
        <p>No photos yet. Photos you add to your certificates appear here.</p>
        <Link to="/certificates/new" className={buttonClasses()}>
          New certificate
        </Link>
      </Intro>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <Field label="Certificate" className="max-w-md">
        {(control) => (
          <select
            {...control}
            value={chosen}
            onChange={(event) =>
              setSearchParams(event.target.value ? { certificate: event.target.value } : {}, { replace: true })
            }
          >
            <option value="">All certificates</option>
            {certificates.map((certificate) => (
              <option key={certificate.id} value={certificate.id}>
                {certificate.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {shown.length} photo{shown.length === 1 ? '' : 's'}
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {shown.map((photo) => (
          <li key={photo.file_id}>
            <figure className="flex flex-col gap-1">
              <button
                type="button"
                className="block w-full overflow-hidden rounded"
                onClick={() => setViewing(photo)}
                aria-label={`View full size: ${photo.caption || `photo from ${photo.job_site_address || 'a draft'}`}`}
              >
                <img
                  src={photo.thumbnail_url}
                  alt=""
                  loading="lazy"
                  className="aspect-[4/3] w-full bg-slate-100 object-cover dark:bg-slate-800"
                />
              </button>
              <figcaption className="text-sm">
                {photo.caption ? <span className="block break-words">{photo.caption}</span> : null}
                <span className="block break-words text-slate-600 dark:text-slate-300">
                  {photo.job_site_address || 'No address yet'}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {viewing ? <PhotoViewer photo={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}

function Intro({ children }: { children: ReactNode }) {
  return <div className="flex flex-col items-start gap-3">{children}</div>;
}
