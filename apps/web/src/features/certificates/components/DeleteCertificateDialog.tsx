import type { Certificate } from '@app/contract';
import { useId } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { useModalDialog } from '../../../components/ui/use-modal-dialog.ts';

type DeleteCertificateDialogProps = {
  certificate: Certificate;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asks before a permanent delete. A native modal <dialog>: the page behind is inert, Escape closes
 * it, focus starts on the safe choice (Cancel) and returns to the Delete button afterwards.
 */
export function DeleteCertificateDialog({ certificate, deleting, onConfirm, onCancel }: DeleteCertificateDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const { dialog, initialFocus: cancelButton } = useModalDialog<HTMLButtonElement>();

  const name = certificate.certificate_number ?? (certificate.job_site_address || 'This draft');
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape: the browser closes the dialog; keep it open while the delete is under way.
      onCancel={(event) => {
        event.preventDefault();
        if (!deleting) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <h2 id={titleId} className="text-xl font-bold">
        Delete this certificate?
      </h2>
      <p id={descriptionId} className="mt-3">
        {name} and its photos will be permanently deleted. Anyone with its link will no longer be able to view it. This
        cannot be undone.
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button ref={cancelButton} variant="secondary" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete permanently'}
        </Button>
      </div>
    </dialog>
  );
}
