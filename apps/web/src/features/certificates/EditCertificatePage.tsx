import {
  AMENDMENT_REASON_MAX_LENGTH,
  type Certificate,
  certificateMessages,
  isWorkingDraft,
  type SubscriptionTier,
} from '@app/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, buttonClasses } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/notifications/index.ts';
import { PageColumn } from '../../components/ui/PageColumn.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { NetworkError } from '../../lib/http.ts';
import { forgetKeptForm } from '../../lib/kept-forms.ts';
import type { OutboxChange } from '../../lib/outbox/outbox.ts';
import { useOutboxState } from '../../lib/outbox/outbox-sync.ts';
import { useProfile, useServerProfile } from '../../lib/profile/get-profile.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { submitsForReview, useTeam } from '../../lib/team/team.ts';
import { useUpgradePath } from '../../lib/upgrade-path.ts';
import type { FormSave } from './api/create-certificate.ts';
import { isNotFound, useCertificate } from './api/get-certificate.ts';
import { useUpdateCertificateMutation } from './api/update-certificate.ts';
import { type CertificateFormValues, formFieldErrors, formValuesOf } from './certificate-form.ts';
import { isPlanLimit, isWriteFailure, savedToast, updateFailureToast } from './certificate-toasts.ts';
import { CertificateForm } from './components/CertificateForm.tsx';
import { ConflictChoice } from './components/ConflictChoice.tsx';
import { SaveProblem } from './components/SaveProblem.tsx';
import { loadListPageAhead } from './load-list-ahead.ts';
import {
  changesOfCertificate,
  couldNotKeepToast,
  editOutboxToast,
  isEditConflict,
  lastFormOf,
  queueCertificateEdit,
  withWaitingEdits,
} from './offline-saves.ts';
import { revivePhotos } from './photos/use-photo-uploads.ts';

const NOT_FOUND_HELP = 'It may have been deleted, or the link is wrong. Open it again from your certificates.';

export default function EditCertificatePage() {
  const { id = '' } = useParams();
  const auth = useAuth();
  const profile = useProfile();
  const certificate = useCertificate(id, undefined, { fresh: true });
  const upgradePath = useUpgradePath();
  const userId = auth.status === 'signed-in' ? auth.session.user.id : undefined;
  const missing = certificate.isError && isNotFound(certificate.error);
  // Only the server's current answer: an edit must start from what is stored, not an older copy;
  // with no connection, the copy on this phone (the edit then waits in the outbox, ADR 0036).
  const current = certificate.settled ? certificate.data : undefined;
  const offline =
    !navigator.onLine || (certificate.isError && certificate.error instanceof NetworkError && current !== undefined);
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
  // A working draft is theirs to finish (ADR 0069).
  if (profile && profile.subscription_tier !== 'premium' && current && !isWorkingDraft(current)) {
    return (
      <PageColumn title="Premium Feature">
        <div className="flex flex-col gap-4">
          <Alert tone="error">{certificateMessages.premiumUpdate}</Alert>
          <p>
            On the free plan a completed certificate stays as it is: you can still view and download it. Upgrade to
            Premium to edit and delete certificates, with no monthly limit.
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
  if (certificate.isError && !(offline && current)) {
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
      <EditOrChoose
        userId={userId}
        certificate={ownedCertificate}
        tier={profile.subscription_tier}
        commonMaterials={profile.common_materials}
        offline={offline}
      />
    </PageColumn>
  );
}

type EditProps = {
  userId: string;
  certificate: Certificate;
  tier: SubscriptionTier;
  commonMaterials: readonly string[];
  offline: boolean;
};

/**
 * The form, or, when an edit made on this phone was refused because the certificate changed
 * elsewhere meanwhile, the choice between the two versions (with the server's current one).
 */
function EditOrChoose(props: EditProps) {
  const outbox = useOutboxState(props.userId);
  const changes = changesOfCertificate(outbox.changes, props.certificate.id);
  const conflict = changes.filter(isEditConflict);
  const waiting = changes.filter((change) => !change.refused);
  // Edits still waiting on this phone come back first, photos taken on it included (read from it again).
  const [kept, setKept] = useState<CertificateFormValues | null>();
  useEffect(() => {
    if (!outbox.loaded || kept !== undefined) return;
    const values = lastFormOf(waiting, props.certificate.revision);
    if (values) void revivePhotos(props.userId, values.photos).then((photos) => setKept({ ...values, photos }));
    else setKept(null);
  }, [outbox.loaded, kept, waiting, props.userId, props.certificate.revision]);
  if (conflict.length > 0 && !props.offline) return <ConflictChoice latest={props.certificate} refused={conflict} />;
  if (kept === undefined) return <Spinner label="Loading certificate..." />;
  return <EditForm {...props} waiting={waiting} kept={kept} />;
}

function EditForm({
  userId,
  certificate,
  tier,
  commonMaterials,
  offline,
  waiting,
  kept,
}: EditProps & { waiting: readonly OutboxChange[]; kept: CertificateFormValues | null }) {
  const navigate = useNavigate();
  const loadedProfile = useServerProfile();
  const formKey = `certificate:${certificate.id}`;
  const [shown] = useState(() => withWaitingEdits(certificate, waiting));
  useEffect(loadListPageAhead, []);
  const issued = certificate.status === 'completed';
  // The draft of an amendment (version 2 on) keeps the reason it was given.
  const [amendmentReason, setAmendmentReason] = useState(() =>
    issued && shown === certificate ? '' : (shown.amendment_reason ?? ''),
  );

  // `failure`: the save the server could not take (the toast says so); none when it was never tried.
  const keepOnPhone = (save: FormSave, failure?: unknown) =>
    queueCertificateEdit(userId, certificate, save, amendmentReason, waiting).then(
      () => {
        forgetKeptForm(localStorage, userId, formKey);
        toast(failure === undefined ? editOutboxToast() : updateFailureToast(failure, true));
        void navigate('/certificates');
      },
      (error: unknown) => toast(couldNotKeepToast(error)),
    );

  const forReview = submitsForReview(useTeam());
  const update = useUpdateCertificateMutation(
    userId,
    certificate,
    amendmentReason,
    {
      onSuccess: (saved) => {
        forgetKeptForm(localStorage, userId, formKey);
        toast(savedToast(saved, 'update'));
        void navigate(`/certificates/${saved.id}`);
      },
      onError: (error, save) => {
        if (isWriteFailure(error)) void keepOnPhone(save, error);
        else toast(updateFailureToast(error, false));
      },
    },
    forReview,
  );

  return (
    <div className="flex flex-col gap-6">
      {offline ? (
        <Alert tone="info">
          No connection: you are editing the copy on this phone. Saving keeps your changes here and sends them when you
          are back online; if the certificate was changed elsewhere meanwhile, you choose which version to keep.
        </Alert>
      ) : null}
      {waiting.length > 0 ? (
        <Alert tone="info">
          Your earlier changes to this certificate are waiting to sync, and are shown below. Saving adds these changes
          after them.
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
        initialValues={kept ?? formValuesOf(shown)}
        keptAs={{ userId, formKey }}
        tier={tier}
        commonMaterials={commonMaterials}
        // An amendment keeps the issuer of the version it amends.
        issuerProfile={issued || certificate.version > 1 ? undefined : loadedProfile}
        forReview={forReview}
        onSave={(values, status) => {
          // With no connection it waits at once; behind edits still waiting, a save waits too (they
          // reach the server in the order they were made), and so do photos only this phone has.
          const onPhone = values.photos.some((photo) => photo.local);
          if (offline || !navigator.onLine || waiting.length > 0 || onPhone) void keepOnPhone({ values, status });
          else update.mutate({ values, status });
        }}
        saving={update.isPending ? (update.variables?.status ?? null) : null}
        serverErrors={formFieldErrors(update.error)}
        problem={
          <SaveProblem
            problem={update.isError ? updateFailureToast(update.error, false) : undefined}
            offerUpgrade={isPlanLimit(update.error)}
          />
        }
      />
    </div>
  );
}
