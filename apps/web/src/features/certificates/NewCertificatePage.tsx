import type { Profile } from '@app/contract';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/notifications/index.ts';
import { PageColumn } from '../../components/ui/PageColumn.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { NetworkError } from '../../lib/http.ts';
import { forgetKeptForm } from '../../lib/kept-forms.ts';
import { useProfile } from '../../lib/profile/get-profile.ts';
import { type CertificateSave, useCreateCertificateMutation } from './api/create-certificate.ts';
import { useMonthlyUsage } from './api/get-monthly-usage.ts';
import { emptyFormValues, formFieldErrors } from './certificate-form.ts';
import { createFailureToast, isPlanLimit, savedToast } from './certificate-toasts.ts';
import { CertificateForm } from './components/CertificateForm.tsx';
import { SaveProblem } from './components/SaveProblem.tsx';
import { Allowance } from './dashboard/MonthlyUsagePanel.tsx';
import { todayIn } from './format.ts';
import { loadListPageAhead } from './load-list-ahead.ts';
import { monthlyAllowance } from './monthly-allowance.ts';
import { needsOutbox, queueNewCertificate, waitingToSyncToast } from './offline-saves.ts';

const NEW_CERTIFICATE_FORM = 'new-certificate';

export default function NewCertificatePage() {
  const auth = useAuth();
  const profile = useProfile();
  return (
    <PageColumn title="New certificate">
      {auth.status === 'signed-in' && profile ? (
        <NewCertificateForm userId={auth.session.user.id} profile={profile} />
      ) : (
        <Spinner label="Loading your profile..." />
      )}
    </PageColumn>
  );
}

function NewCertificateForm({ userId, profile }: { userId: string; profile: Profile }) {
  const navigate = useNavigate();
  const [initialValues] = useState(() =>
    emptyFormValues({ commonMaterials: profile.common_materials, today: todayIn(profile.time_zone) }),
  );
  // The id the certificate gets, made once: a retry or the outbox never makes a second one (ADR 0032).
  const [clientId] = useState(() => crypto.randomUUID());
  useEffect(loadListPageAhead, []);
  const create = useCreateCertificateMutation(userId, {
    onSuccess: (certificate) => {
      forgetKeptForm(localStorage, userId, NEW_CERTIFICATE_FORM);
      toast(savedToast(certificate, 'create', profile.subscription_tier));
      void navigate(`/certificates/${certificate.id}`);
    },
    onError: (error, save) => {
      if (error instanceof NetworkError) saveThroughOutbox(save, () => toast(createFailureToast(error)));
      else toast(createFailureToast(error));
    },
  });
  // No connection, or photos only this phone has: the outbox sends it (now, or once there is a
  // connection). If the phone cannot keep it, the form still has it, and says so.
  const saveThroughOutbox = (save: CertificateSave, onFailure: () => void) =>
    queueNewCertificate(userId, save).then(() => {
      forgetKeptForm(localStorage, userId, NEW_CERTIFICATE_FORM);
      toast(waitingToSyncToast);
      void navigate('/certificates');
    }, onFailure);

  return (
    <div className="flex flex-col gap-6">
      {profile.subscription_tier === 'premium' ? null : <FormAllowance userId={userId} />}
      <CertificateForm
        initialValues={initialValues}
        keptAs={{ userId, formKey: NEW_CERTIFICATE_FORM }}
        takesKeptPhotos
        tier={profile.subscription_tier}
        onSave={(values, status) => {
          const save = { values, status, clientId };
          if (needsOutbox(save)) {
            saveThroughOutbox(save, () =>
              toast({ title: 'Error', description: 'This phone could not keep the certificate. Try again.' }),
            );
          } else {
            create.mutate(save);
          }
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
  return (
    <section aria-label="This month" className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-600">
      <Allowance allowance={monthlyAllowance(usage.data)} />
    </section>
  );
}
