import { type Certificate, certificateMessages } from '@app/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/Button.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useProfile } from '../../../lib/profile/get-profile.ts';
import { useDeleteCertificateMutation } from '../api/delete-certificate.ts';
import { deletedToast, deleteFailureToast, premiumFeatureToast } from '../certificate-toasts.ts';
import { draftStatusNote } from '../draft-copy.ts';
import { CertificateVersions } from './CertificateVersions.tsx';
import { DeleteCertificateDialog } from './DeleteCertificateDialog.tsx';

/** What the owner can do with their certificate: edit, delete, share the link, and see its versions. */
export default function OwnerActions({ certificate }: { certificate: Certificate }) {
  const auth = useAuth();
  const profile = useProfile();
  const navigate = useNavigate();
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

  const askToDelete = () => {
    // The server refuses too; a free user hears it before confirming anything.
    if (profile && profile.subscription_tier !== 'premium') {
      toast(premiumFeatureToast(certificateMessages.premiumDelete));
      return;
    }
    setConfirming(true);
  };

  return (
    <div className="mt-4 flex flex-col gap-3">
      <div className="flex flex-wrap gap-3">
        <Link to={`/certificates/edit/${certificate.id}`} className={buttonClasses('secondary')}>
          Edit
        </Link>
        {certificate.status === 'completed' ? <CopyLinkButton certificateId={certificate.id} /> : null}
        <Button variant="secondary" onClick={askToDelete}>
          Delete
        </Button>
      </div>
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

/** Copies the share link; where the clipboard is not available, shows the link to copy by hand. */
function CopyLinkButton({ certificateId }: { certificateId: string }) {
  const [showLink, setShowLink] = useState(false);
  const link = `${window.location.origin}/certificates/${certificateId}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link copied', description: 'Paste it into a message or email to share the certificate.' });
    } catch {
      // No clipboard (an insecure origin, an old browser, or permission refused).
      setShowLink(true);
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => void copy()}>
        Copy link
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
