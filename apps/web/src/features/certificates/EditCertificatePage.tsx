import {
  AMENDMENT_REASON_MAX_LENGTH,
  type Certificate,
  certificateMessages,
  type SubscriptionTier,
} from '@app/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses, textLinkClasses } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/notifications/index.ts';
import { PageColumn } from '../../components/ui/PageColumn.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { forgetKeptForm } from '../../lib/kept-forms.ts';
import { useProfile } from '../../lib/profile/get-profile.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { useUpgradePath } from '../../lib/upgrade-path.ts';
import { isNotFound, useCertificate } from './api/get-certificate.ts';
import { useUpdateCertificateMutation } from './api/update-certificate.ts';
import { formFieldErrors, formValuesOf } from './certificate-form.ts';
import { isPlanLimit, isWriteFailure, savedToast, updateFailureToast } from './certificate-toasts.ts';
import { CertificateForm } from './components/CertificateForm.tsx';
import { SaveProblem } from './components/SaveProblem.tsx';
import { discardLocalEdit, readLocalEdit, saveLocalEdit } from './local-edits.ts';

const NOT_FOUND_HELP = 'It may have been deleted, or the link is wrong. Open it again from your certificates.';

export default function EditCertificatePage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const profile = useProfile();
  const certificate = useCertificate(id);
  const upgradePath = useUpgradePath();
  const userId = auth.status === 'signed-in' ? auth.session.user.id : undefined;
  const missing = certificate.isError && isNotFound(certificate.error);
  // Only the server's current answer: an edit must start from what is stored, not an older copy.
  const current = certificate.settled ? certificate.data : undefined;
  const ownedCertificate = current?.is_owner ? current : undefined;
  // Someone else's completed certificate is readable through its share link, but is not theirs to edit.
  const notFound = missing || (current !== undefined && !ownedCertificate);

  useEffect(() => {
    if (notFound) toast({ title: 'Certificate not found', description: NOT_FOUND_HELP, variant: 'destructive' });
  }, [notFound]);

  if (notFound) {
    return (
      <PageColumn title="Certificate not found" intro={NOT_FOUND_HELP}>
        <Link to="/certificates" className={buttonClasses('secondary')}>
          Back to certificates
        </Link>
      </PageColumn>
    );
  }
  // The server enforces this too; checking first spares a free user filling in a form they cannot save.
  if (profile && profile.subscription_tier !== 'premium') {
    return (
      <PageColumn title="Premium Feature">
        <div className="flex flex-col gap-4">
          <Alert tone="error">{certificateMessages.premiumUpdate}</Alert>
          <p>
            On the free plan a saved certificate, a draft included, stays as it is: you can still view and download it.
            Upgrade to Premium to finish drafts, edit and delete certificates, with no monthly limit.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={upgradePath} className={buttonClasses()}>
              See Premium plans
            </Link>
            <Link to={`/certificates/${id}`} className={buttonClasses('secondary')}>
              View the certificate
            </Link>
          </div>
        </div>
      </PageColumn>
    );
  }
  if (certificate.isError) {
    return (
      <PageColumn title="Edit certificate">
        <div className="flex flex-col items-start gap-4">
          <Alert tone="error">The certificate could not be loaded. {requestErrorMessage(certificate.error)}</Alert>
          <Button onClick={() => void certificate.retry()}>Try again</Button>
        </div>
      </PageColumn>
    );
  }
  if (!userId || !profile || !ownedCertificate) {
    return (
      <PageColumn title="Edit certificate">
        <Spinner label="Loading certificate..." />
      </PageColumn>
    );
  }
  return (
    <PageColumn title="Edit certificate" intro={ownedCertificate.certificate_number ?? 'Draft'}>
      <EditForm userId={userId} certificate={ownedCertificate} tier={profile.subscription_tier} />
    </PageColumn>
  );
}

function EditForm({ userId, certificate, tier }: { userId: string; certificate: Certificate; tier: SubscriptionTier }) {
  const navigate = useNavigate();
  const formKey = `certificate:${certificate.id}`;
  // Changes that could not reach the server last time come back first.
  const [localEdit, setLocalEdit] = useState(() => readLocalEdit(localStorage, userId, certificate.id));
  const [savedLocally, setSavedLocally] = useState(false);
  const issued = certificate.status === 'completed';
  // The draft of an amendment (version 2 on) keeps the reason it was given.
  const storedReason = issued ? '' : (certificate.amendment_reason ?? '');
  const [amendmentReason, setAmendmentReason] = useState(() => localEdit?.amendmentReason ?? storedReason);

  const update = useUpdateCertificateMutation(userId, certificate, amendmentReason, {
    onMutate: () => setSavedLocally(false),
    onSuccess: (saved) => {
      discardLocalEdit(localStorage, userId, certificate.id);
      forgetKeptForm(localStorage, userId, formKey);
      toast(savedToast(saved, 'update', tier));
      void navigate(`/certificates/${saved.id}`);
    },
    onError: (error, { values, status }) => {
      const kept =
        isWriteFailure(error) &&
        saveLocalEdit(localStorage, userId, certificate.id, {
          values,
          status,
          amendmentReason,
          savedAt: new Date().toISOString(),
        });
      setSavedLocally(kept);
      toast(updateFailureToast(error, kept));
    },
  });

  const discard = () => {
    discardLocalEdit(localStorage, userId, certificate.id);
    setLocalEdit(undefined);
    setAmendmentReason(storedReason);
  };

  return (
    <div className="flex flex-col gap-6">
      {localEdit ? (
        <Alert tone="error">
          <p>
            These are your changes from {new Date(localEdit.savedAt).toLocaleString('en-AU')}, saved on this device but
            not synchronized. Save to synchronize them, or discard them to see the certificate as stored.
          </p>
          <button type="button" className={`mt-2 min-h-11 ${textLinkClasses}`} onClick={discard}>
            Discard unsynchronized changes
          </button>
        </Alert>
      ) : null}
      {issued || certificate.version > 1 ? (
        <section aria-labelledby="amendment-heading" className="flex flex-col gap-3 rounded-md border p-3">
          <h2 id="amendment-heading" className="font-semibold">
            {issued ? `Saving makes version ${certificate.version + 1}` : `Draft of version ${certificate.version}`}
          </h2>
          <p className="text-sm">
            Version {certificate.version} was issued and stays on record as it is: anyone checking it is told it was
            superseded. The new version keeps the number {certificate.certificate_number} and is marked amended today.
          </p>
          <TextField
            label="Reason for the amendment (optional)"
            hint="Printed on the new version, e.g. “Laundry added: it was left off”."
            value={amendmentReason}
            maxLength={AMENDMENT_REASON_MAX_LENGTH}
            onChange={(event) => setAmendmentReason(event.target.value)}
          />
        </section>
      ) : null}
      <CertificateForm
        // A fresh form when the stored edit is discarded.
        key={localEdit ? 'local-edit' : 'stored'}
        initialValues={localEdit?.values ?? formValuesOf(certificate)}
        keptAs={{ userId, formKey }}
        takesKeptPhotos={false}
        tier={tier}
        onSave={(values, status) => update.mutate({ values, status })}
        saving={update.isPending ? (update.variables?.status ?? null) : null}
        serverErrors={formFieldErrors(update.error)}
        problem={
          <SaveProblem
            problem={update.isError ? updateFailureToast(update.error, savedLocally) : undefined}
            offerUpgrade={isPlanLimit(update.error)}
          />
        }
      />
    </div>
  );
}
