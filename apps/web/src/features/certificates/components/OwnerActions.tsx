import { type Certificate, isWorkingDraft } from '@app/contract';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useProfile } from '../../../lib/profile/get-profile.ts';
import { reviewsCertificates, useTeam } from '../../../lib/team/team.ts';
import { useUpgradePath } from '../../../lib/upgrade-path.ts';
import { useDeleteCertificateMutation } from '../api/delete-certificate.ts';
import { fetchCertificatePdf } from '../api/get-certificate-pdf.ts';
import { deletedToast, deleteFailureToast } from '../certificate-toasts.ts';
import { draftStatusNote } from '../draft-copy.ts';
import { CertificateVersions } from './CertificateVersions.tsx';
import { DeleteCertificateDialog } from './DeleteCertificateDialog.tsx';
import { ReviewPanel } from './ReviewPanel.tsx';

/**
 * What the owner can do with their certificate: edit, delete, share the link, and see its versions.
 * On the free plan, Edit and Delete show as locked Premium actions leading to the plans and back
 * (nothing looks live that is not), but for a working draft, its owner's to finish or discard (ADR 0069).
 */
export default function OwnerActions({ certificate }: { certificate: Certificate }) {
  const auth = useAuth();
  const profile = useProfile();
  const navigate = useNavigate();
  const upgradePath = useUpgradePath();
  const premium = profile?.subscription_tier === 'premium';
  // One in review is the reviewers' to change, not its maker's (ADR 0077).
  const team = useTeam();
  const waitingForReview = certificate.status === 'in_review' && !reviewsCertificates(team);
  const mayChange = (premium || isWorkingDraft(certificate)) && !waitingForReview;
  const [confirming, setConfirming] = useState(false);
  const userId = auth.status === 'signed-in' ? auth.session.user.id : '';

  const remove = useDeleteCertificateMutation(userId, certificate.id, {
    onSuccess: () => {
      toast(deletedToast);
      void navigate('/certificates', { replace: true });
    },
    onError: (error) => {
      setConfirming(false);
      toast(deleteFailureToast(error));
    },
  });

  const deleteFailure = remove.error ? deleteFailureToast(remove.error) : undefined;

  return (
    <div className="mt-4 flex flex-col gap-3">
      <ReviewPanel userId={userId} certificate={certificate} />
      <div className="flex flex-wrap gap-3">
        {mayChange ? (
          <Link to={`/certificates/edit/${certificate.id}`} className={buttonClasses('secondary')}>
            Edit
          </Link>
        ) : waitingForReview ? null : (
          <LockedAction to={upgradePath}>Edit</LockedAction>
        )}
        {certificate.status === 'completed' ? <ShareButton certificate={certificate} /> : null}
        {mayChange ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        ) : waitingForReview ? null : (
          <LockedAction to={upgradePath}>Delete</LockedAction>
        )}
      </div>
      {deleteFailure ? (
        // The toast goes after 2 s; the page keeps saying why the certificate is still here.
        <Alert tone="error" live={false}>
          <strong>{deleteFailure.title}.</strong> {deleteFailure.description}
        </Alert>
      ) : null}
      {mayChange || waitingForReview ? null : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Editing and deleting certificates come with Premium. The server refuses them on the free plan too.
        </p>
      )}
      {certificate.status === 'draft' ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {draftStatusNote(profile?.subscription_tier ?? 'free')}
        </p>
      ) : null}
      {confirming ? (
        <DeleteCertificateDialog
          certificate={certificate}
          deleting={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
      {userId ? <CertificateVersions userId={userId} certificateId={certificate.id} /> : null}
    </div>
  );
}

/** A Premium action on the free plan: a lock, the action's name, and the way to the plans (and back). */
function LockedAction({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={`${buttonClasses('secondary')} gap-2 text-slate-600 dark:text-slate-300`}>
      <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="currentColor">
        <path d="M5 7V5a3 3 0 1 1 6 0v2h.5A1.5 1.5 0 0 1 13 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 13.5v-5A1.5 1.5 0 0 1 4.5 7H5Zm1.5 0h3V5a1.5 1.5 0 0 0-3 0v2Z" />
      </svg>
      {children}
      <span className="sr-only"> (Premium: see the plans)</span>
    </Link>
  );
}

/** How long Share waits for the PDF before sharing the link alone (the tap's permission to share runs out). */
const PDF_WAIT_MS = 3000;

/**
 * Share: on a phone with the Web Share API, the share sheet with the link, and the PDF
 * where the browser takes files; elsewhere Copy link, which shows the link to copy by hand where
 * the clipboard is not available.
 */
function ShareButton({ certificate }: { certificate: Certificate }) {
  const [showLink, setShowLink] = useState(false);
  const [pdf, setPdf] = useState<File>();
  const link = `${window.location.origin}/certificates/${certificate.id}`;
  const title = `Certificate of compliance ${certificate.certificate_number ?? ''}`.trim();
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link copied', description: 'Paste it into a message or email to share the certificate.' });
    } catch {
      // No clipboard (an insecure origin, an old browser, or permission refused).
      setShowLink(true);
    }
  };

  /** The PDF as a file to share, if the browser takes files and it arrives in time. */
  const pdfFile = async (): Promise<File | undefined> => {
    if (pdf) return pdf;
    const probe = new File([], 'certificate.pdf', { type: 'application/pdf' });
    if (!navigator.canShare?.({ files: [probe] })) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), PDF_WAIT_MS);
    try {
      const { blob, filename } = await fetchCertificatePdf(certificate.id, undefined, controller.signal);
      const file = new File([blob], filename ?? `${certificate.certificate_number ?? 'certificate'}.pdf`, {
        type: 'application/pdf',
      });
      setPdf(file);
      return file;
    } catch {
      return undefined; // Slow or failed: the link alone.
    } finally {
      clearTimeout(timer);
    }
  };

  const share = async () => {
    const file = await pdfFile();
    try {
      await navigator.share({ title, url: link, ...(file ? { files: [file] } : {}) });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return; // Closed the sheet.
      if (error instanceof DOMException && error.name === 'NotAllowedError' && file) {
        // The PDF took longer than the tap allows: it is ready now.
        toast({ title: 'The PDF is ready', description: 'Tap Share again to send it.' });
        return;
      }
      await copy();
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => void (canShare ? share() : copy())}>
        {canShare ? 'Share' : 'Copy link'}
      </Button>
      {showLink ? (
        <TextField
          label="Link to share"
          hint="Copy this link and send it to the builder or certifier."
          readOnly
          value={link}
          className="w-full"
          autoFocus
          onFocus={(event) => event.target.select()}
        />
      ) : null}
    </>
  );
}
