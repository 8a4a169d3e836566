import type { Profile } from '@app/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { buttonClasses } from '../../components/ui/Button.tsx';
import { toast } from '../../components/ui/notifications/index.ts';
import { PageColumn } from '../../components/ui/PageColumn.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { NetworkError } from '../../lib/http.ts';
import { forgetKeptForm } from '../../lib/kept-forms.ts';
import type { OutboxChange } from '../../lib/outbox/outbox.ts';
import { discardChange, useOutboxState } from '../../lib/outbox/outbox-sync.ts';
import { useProfile, useServerProfile } from '../../lib/profile/get-profile.ts';
import { submitsForReview, useTeam } from '../../lib/team/team.ts';
import { type CertificateSave, useCreateCertificateMutation } from './api/create-certificate.ts';
import { useMonthlyUsage } from './api/get-monthly-usage.ts';
import { type CertificateFormValues, emptyFormValues, formFieldErrors } from './certificate-form.ts';
import { createFailureToast, isPlanLimit, savedToast } from './certificate-toasts.ts';
import { CertificateForm } from './components/CertificateForm.tsx';
import { SaveProblem } from './components/SaveProblem.tsx';
import { Allowance } from './dashboard/MonthlyUsagePanel.tsx';
import { todayIn } from './format.ts';
import { loadListPageAhead } from './load-list-ahead.ts';
import { monthlyAllowance } from './monthly-allowance.ts';
import {
  changesOfCertificate,
  couldNotKeepToast,
  needsOutbox,
  outboxToast,
  queueNewCertificate,
  reopenedValues,
} from './offline-saves.ts';
import { revivePhotos } from './photos/use-photo-uploads.ts';

const NEW_CERTIFICATE_FORM = 'new-certificate';

export default function NewCertificatePage() {
  const auth = useAuth();
  const profile = useProfile();
  // A certificate not on the server yet, opened again: a refused create.
  const draftId = useSearchParams()[0].get('draft');
  return (
    <PageColumn title="New certificate">
      {auth.status === 'signed-in' && profile ? (
        draftId ? (
          <ReopenedCertificate key={draftId} userId={auth.session.user.id} profile={profile} clientId={draftId} />
        ) : (
          <NewCertificateForm userId={auth.session.user.id} profile={profile} />
        )
      ) : (
        <Spinner label="Loading your profile..." />
      )}
    </PageColumn>
  );
}

/** Opens a certificate kept on this phone with what was typed, its photos read from the phone again. */
function ReopenedCertificate({ userId, profile, clientId }: { userId: string; profile: Profile; clientId: string }) {
  const outbox = useOutboxState(userId);
  const [opened, setOpened] = useState<{ values: CertificateFormValues; earlier: OutboxChange[] } | null>();
  useEffect(() => {
    if (!outbox.loaded || opened !== undefined) return;
    const values = reopenedValues(outbox.changes, clientId);
    if (!values) {
      setOpened(null);
      return;
    }
    const earlier = changesOfCertificate(outbox.changes, clientId);
    void revivePhotos(userId, values.photos).then((photos) => setOpened({ values: { ...values, photos }, earlier }));
  }, [outbox, opened, clientId, userId]);

  if (opened === undefined) return <Spinner label="Opening the draft..." />;
  if (opened === null) {
    return (
      <div className="flex flex-col items-start gap-4">
        <Alert tone="error">
          This certificate is no longer waiting on this phone: it may have been sent or discarded. Look for it in your
          certificates.
        </Alert>
        <Link to="/certificates" className={buttonClasses('secondary')}>
          Back to certificates
        </Link>
      </div>
    );
  }
  return (
    <NewCertificateForm
      userId={userId}
      profile={profile}
      reopened={{ clientId, values: opened.values, earlier: opened.earlier }}
    />
  );
}

type Reopened = { clientId: string; values: CertificateFormValues; earlier: readonly OutboxChange[] };

function NewCertificateForm({ userId, profile, reopened }: { userId: string; profile: Profile; reopened?: Reopened }) {
  const navigate = useNavigate();
  const free = profile.subscription_tier !== 'premium';
  const loadedProfile = useServerProfile();
  const [initialValues] = useState(
    () =>
      reopened?.values ??
      emptyFormValues({ commonMaterials: profile.common_materials, today: todayIn(profile.time_zone) }),
  );
  // The id the certificate gets, made once: a retry or the outbox never makes a second one (ADR 0032).
  const [clientId] = useState(() => reopened?.clientId ?? crypto.randomUUID());
  const formKey = reopened ? `draft:${reopened.clientId}` : NEW_CERTIFICATE_FORM;
  useEffect(loadListPageAhead, []);
  // Once the certificate is saved (or waits in the outbox), what this phone kept of it before goes.
  const forgetEarlier = () => {
    forgetKeptForm(localStorage, userId, formKey);
    for (const change of reopened?.earlier ?? []) void discardChange(change);
  };
  const forReview = submitsForReview(useTeam());
  const create = useCreateCertificateMutation(
    userId,
    {
      onSuccess: (certificate) => {
        forgetEarlier();
        toast(savedToast(certificate, 'create'));
        void navigate(`/certificates/${certificate.id}`);
      },
      onError: (error, save) => {
        if (error instanceof NetworkError) saveThroughOutbox(save, (failure) => toast(couldNotKeepToast(failure)));
        else toast(createFailureToast(error));
      },
    },
    forReview,
  );
  // No connection, or photos only this phone has: the outbox sends it (now, or once there is a
  // connection). If the phone cannot keep it, the form still has it, and says so.
  const saveThroughOutbox = (save: CertificateSave, onFailure: (error: unknown) => void) =>
    queueNewCertificate(userId, save).then(() => {
      forgetEarlier();
      toast(outboxToast());
      void navigate('/certificates');
    }, onFailure);
  return (
    <div className="flex flex-col gap-6">
      {free ? <FormAllowance userId={userId} /> : null}
      <CertificateForm
        initialValues={initialValues}
        keptAs={{ userId, formKey }}
        tier={profile.subscription_tier}
        commonMaterials={profile.common_materials}
        issuerProfile={loadedProfile}
        forReview={forReview}
        onSave={(values, status) => {
          const save = { values, status, clientId };
          if (needsOutbox(save)) saveThroughOutbox(save, (error) => toast(couldNotKeepToast(error)));
          else create.mutate(save);
        }}
        saving={create.isPending ? (create.variables?.status ?? null) : null}
        serverErrors={formFieldErrors(create.error)}
        problem={
          <SaveProblem
            problem={create.isError ? createFailureToast(create.error) : undefined}
            offerUpgrade={isPlanLimit(create.error)}
          />
        }
      />
    </div>
  );
}

/** The free plan's month, before anything is typed: at the limit, the form says so first. */
function FormAllowance({ userId }: { userId: string }) {
  const usage = useMonthlyUsage(userId);
  if (!usage.data) return null;
  const allowance = monthlyAllowance(usage.data);
  return (
    <section aria-label="This month" className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-600">
      <Allowance allowance={allowance} />
      {allowance.state === 'reached' ? (
        <p className="mt-3">
          You can still fill this one in and tap “Save draft”: it is saved to your account, not counted, and you can
          complete it next month or after upgrading.
        </p>
      ) : null}
    </section>
  );
}
