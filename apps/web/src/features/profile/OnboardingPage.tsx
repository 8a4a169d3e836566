import type { Profile, ProfileTextField } from '@app/contract';
import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useProfileImage } from '../../components/profile/use-profile-image.ts';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, SubmitButton } from '../../components/ui/Button.tsx';
import { focusWhenShown } from '../../components/ui/focus-when-shown.ts';
import { ImageField } from '../../components/ui/ImageField.tsx';
import { ListEditor } from '../../components/ui/ListEditor.tsx';
import { PageTitle } from '../../components/ui/PageTitle.tsx';
import { SaveStatus } from '../../components/ui/SaveStatus.tsx';
import { SignatureField } from '../../components/ui/SignatureField.tsx';
import { TextArea } from '../../components/ui/TextArea.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { useUpdateProfileMutation } from '../../lib/profile/update-profile.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { WithProfile } from './components/WithProfile.tsx';
import { useCommonMaterials } from './hooks/use-common-materials.ts';
import { type ProfileForm, useProfileForm } from './hooks/use-profile-form.ts';
import { onboardingSteps, stepFromParam } from './onboarding-steps.ts';

export default function OnboardingPage() {
  return <WithProfile what="your profile" screen={Onboarding} />;
}

/** The current step lives in `?step=`, so Back in the browser and a reload keep the user's place. */
function Onboarding({ profile }: { profile: Profile }) {
  const [params, setParams] = useSearchParams();
  const step = stepFromParam(params.get('step'));
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  // A new step replaces the old one in place: move focus (and the screen) to its heading.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    // From the top, so the step indicator and heading show, not the middle of the new step.
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [step]);

  const goTo = (next: number) => setParams({ step: String(next) });
  const next = () => goTo(step + 1);
  const back = step > 1 ? () => goTo(step - 1) : undefined;

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-8">
      <div>
        <PageTitle>Set up your company</PageTitle>
        <p className="mt-2 text-slate-600 dark:text-slate-300">
          Four short steps for the details printed on your certificates. Each step is saved as you go. Skip anything you
          don&rsquo;t have to hand and add it later on your profile.
        </p>
      </div>
      <StepIndicator step={step} />
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold">
          {onboardingSteps[step - 1]}
        </h2>
        {step === 1 ? (
          <DetailsStep
            profile={profile}
            fields={['company_name', 'company_address', 'company_email', 'company_phone']}
            onDone={next}
          >
            {(field) => (
              <>
                <TextField {...field('company_name')} />
                <TextArea {...field('company_address')} />
                <TextField {...field('company_email')} />
                <TextField {...field('company_phone')} />
              </>
            )}
          </DetailsStep>
        ) : null}
        {step === 2 ? (
          <DetailsStep
            profile={profile}
            fields={['company_abn', 'licence_number', 'applicator_name']}
            onDone={next}
            onBack={back}
          >
            {(field) => (
              <>
                <TextField {...field('company_abn')} />
                <TextField {...field('licence_number')} />
                <TextField {...field('applicator_name')} />
              </>
            )}
          </DetailsStep>
        ) : null}
        {step === 3 ? <ImagesStep profile={profile} onDone={next} onBack={back} /> : null}
        {step === 4 ? <MaterialsStep profile={profile} onBack={back} /> : null}
      </section>
    </div>
  );
}

function StepIndicator({ step }: { step: number }) {
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-semibold text-brand-700 dark:text-brand-100">
        Step {step} of {onboardingSteps.length}
      </p>
      <ol className="flex gap-1.5">
        {onboardingSteps.map((name, index) => (
          <li
            key={name}
            aria-current={index + 1 === step ? 'step' : undefined}
            className={`h-2 flex-1 rounded-full ${index < step ? 'bg-brand-600' : 'bg-slate-200 dark:bg-slate-700'}`}
          >
            <span className="sr-only">{name}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Back, skip and the step's own button, the same on every step. */
function StepActions({
  onBack,
  onSkip,
  children,
}: {
  onBack: (() => void) | undefined;
  onSkip?: () => void;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-2 pt-2">
      {onBack ? (
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
      ) : null}
      {onSkip ? (
        <Button variant="secondary" onClick={onSkip}>
          Skip this step
        </Button>
      ) : null}
      {children}
    </div>
  );
}

function DetailsStep({
  profile,
  fields,
  onDone,
  onBack,
  children,
}: {
  profile: Profile;
  fields: ProfileTextField[];
  onDone: () => void;
  onBack?: (() => void) | undefined;
  children: (field: ProfileForm['field']) => ReactNode;
}) {
  const form = useProfileForm(profile, fields);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await form.save()) onDone();
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {children(form.field)}
      {form.formError ? (
        <Alert tone="error" ref={focusWhenShown}>
          {form.formError}
        </Alert>
      ) : null}
      <StepActions onBack={onBack} onSkip={onDone}>
        <SubmitButton pending={form.saving} pendingLabel="Saving...">
          Save and continue
        </SubmitButton>
      </StepActions>
    </form>
  );
}

function ImagesStep({
  profile,
  onDone,
  onBack,
}: {
  profile: Profile;
  onDone: () => void;
  onBack: (() => void) | undefined;
}) {
  const logo = useProfileImage(profile, 'logo');
  const signature = useProfileImage(profile, 'signature');
  const anyAdded = Boolean(profile.logo_url || profile.signature_url);
  const uploading = logo.busy !== null || signature.busy !== null;
  return (
    <div className="flex flex-col gap-8">
      <p>Both are optional. Each one is saved as soon as you add it.</p>
      <ImageField {...logo} />
      <SignatureField {...signature} />
      <StepActions onBack={onBack}>
        <Button disabled={uploading} onClick={onDone}>
          {uploading ? 'Saving...' : anyAdded ? 'Continue' : 'Skip this step'}
        </Button>
      </StepActions>
    </div>
  );
}

function MaterialsStep({ profile, onBack }: { profile: Profile; onBack: (() => void) | undefined }) {
  const materials = useCommonMaterials(profile);
  const finish = useUpdateProfileMutation();
  const navigate = useNavigate();
  const done = () => finish.mutate({ onboarding_completed: true }, { onSuccess: () => navigate('/welcome') });
  return (
    <div className="flex flex-col gap-4">
      <p>
        The products you use on most jobs, e.g. your membrane, primer and bond breaker. They are filled in for you on
        new certificates.
      </p>
      <ListEditor {...materials.editor} />
      <SaveStatus {...materials.status} />
      {finish.isError ? (
        <Alert key={finish.submittedAt} tone="error" ref={focusWhenShown}>
          Setup could not be finished. {requestErrorMessage(finish.error)}
        </Alert>
      ) : null}
      <StepActions onBack={onBack}>
        {/* Not while a material is unsaved: leaving now would lose it without a word. */}
        <Button disabled={finish.isPending || materials.status.error !== undefined} onClick={done}>
          {finish.isPending ? 'Finishing...' : materials.editor.items.length > 0 ? 'Finish' : 'Skip and finish'}
        </Button>
      </StepActions>
    </div>
  );
}
