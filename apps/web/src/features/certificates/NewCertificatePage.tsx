import type { Profile } from '@app/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../components/ui/notifications/index.ts';
import { PageColumn } from '../../components/ui/PageColumn.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { useProfile } from '../../lib/profile/get-profile.ts';
import { useCreateCertificateMutation } from './api/create-certificate.ts';
import { emptyFormValues, formFieldErrors } from './certificate-form.ts';
import { createFailureToast, isPlanLimit, savedToast } from './certificate-toasts.ts';
import { CertificateForm } from './components/CertificateForm.tsx';
import { SaveProblem } from './components/SaveProblem.tsx';
import { todayIn } from './format.ts';

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
  const create = useCreateCertificateMutation(userId, {
    onSuccess: (certificate) => {
      toast(savedToast(certificate, 'create', profile.subscription_tier));
      void navigate(`/certificates/${certificate.id}`);
    },
    onError: (error) => toast(createFailureToast(error)),
  });

  return (
    <CertificateForm
      initialValues={initialValues}
      tier={profile.subscription_tier}
      onSave={(values, status) => create.mutate({ values, status })}
      saving={create.isPending ? (create.variables?.status ?? null) : null}
      serverErrors={formFieldErrors(create.error)}
      problem={
        <SaveProblem
          problem={create.isError ? createFailureToast(create.error) : undefined}
          offerUpgrade={isPlanLimit(create.error)}
        />
      }
    />
  );
}
