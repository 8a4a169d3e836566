import type { Certificate } from '@app/contract';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';

type DeleteCertificateDialogProps = {
  certificate: Certificate;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before a permanent delete; focus starts on Cancel and returns to the Delete button afterwards. */
export function DeleteCertificateDialog({ certificate, deleting, onConfirm, onCancel }: DeleteCertificateDialogProps) {
  const name = certificate.certificate_number ?? (certificate.job_site_address || 'This draft');
  return (
    <ConfirmDialog
      title="Delete this certificate?"
      description={`${name} and its photos will be permanently deleted. Anyone with its link will no longer be able to view it. This cannot be undone. If somebody has signed it, it is withdrawn instead: it leaves your list, and anyone checking it is told you withdrew it.`}
      cancelLabel="Cancel"
      confirmLabel={deleting ? 'Deleting...' : 'Delete permanently'}
      busy={deleting}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
