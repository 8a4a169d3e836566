import type { GalleryPhoto } from '@app/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';

/**
 * A photo at full size in a native modal <dialog>: the page behind is inert, Escape or Close shuts
 * it, and focus goes back to the photo that was opened.
 */
export function PhotoViewer({ photo, onClose }: { photo: GalleryPhoto; onClose: () => void }) {
  const titleId = useId();
  const { dialog, initialFocus: closeButton } = useModalDialog<HTMLButtonElement>();

  const title = photo.caption || `Photo from ${photo.job_site_address || 'a draft certificate'}`;
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: close through React state, so the dialog and the state never disagree.
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-5xl overflow-auto rounded-lg bg-white p-3 text-slate-900 shadow-xl backdrop:bg-slate-950/80 sm:p-4 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={titleId} className="break-words text-lg font-semibold">
          {title}
        </h2>
        <Button ref={closeButton} variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      <img src={photo.url} alt={title} className="mx-auto mt-3 max-h-[75dvh] w-auto max-w-full object-contain" />
      <p className="mt-3 text-sm">
        <Link
          to={`/certificates/${photo.certificate_id}`}
          className="font-semibold text-brand-700 underline dark:text-brand-100"
        >
          Open certificate {photo.certificate_number ?? ''}
        </Link>
      </p>
    </dialog>
  );
}
