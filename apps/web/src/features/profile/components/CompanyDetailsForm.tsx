import { type Profile, profileTextFields } from '@app/contract';
import { type FormEvent, type ReactNode, useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { SubmitButton } from '../../../components/ui/Button.tsx';
import { focusWhenShown } from '../../../components/ui/focus-when-shown.ts';
import { KeptFormOffer } from '../../../components/ui/KeptFormOffer.tsx';
import { LeaveGuard } from '../../../components/ui/LeaveGuard.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { Select } from '../../../components/ui/Select.tsx';
import { TextArea } from '../../../components/ui/TextArea.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { hasKeptForm } from '../../../lib/kept-forms.ts';
import { useProfileForm } from '../hooks/use-profile-form.ts';
import { timeZoneGroups } from '../time-zones.ts';

const PROFILE_FORM = 'profile';

/** Every text field of the profile in one form, saved together; typing is kept on the phone until saved. */
export function CompanyDetailsForm({ profile }: { profile: Profile }) {
  const form = useProfileForm(profile, profileTextFields, PROFILE_FORM);
  const zones = useMemo(
    () => timeZoneGroups(Intl.supportedValuesOf('timeZone'), profile.time_zone),
    [profile.time_zone],
  );

  // The toast goes after 2 s; the line by the button keeps saying when the profile was last saved.
  const [savedAt, setSavedAt] = useState<Date>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!(await form.save())) return;
    toast({ title: 'Profile saved', description: 'Your company details are up to date.' });
    setSavedAt(new Date());
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-8">
      <KeptFormOffer
        keptAt={form.kept.offer?.keptAt}
        keptOnDevice={form.kept.keptOnDevice}
        onRestore={form.restoreKept}
        onDiscard={form.kept.discard}
      />
      <LeaveGuard unsaved={() => hasKeptForm(localStorage, profile.id, PROFILE_FORM)} />
      <FormGroup legend="Company">
        <TextField {...form.field('company_name')} />
        <TextArea {...form.field('company_address')} />
        <TextField {...form.field('company_email')} />
        <TextField {...form.field('company_phone')} />
      </FormGroup>
      <FormGroup legend="Licence and ABN">
        <TextField {...form.field('company_abn')} />
        <TextField {...form.field('licence_number')} />
        <TextField {...form.field('applicator_name')} />
      </FormGroup>
      <FormGroup legend="Dates">
        <Select {...form.field('time_zone')} groups={zones} />
      </FormGroup>
      {form.formError ? (
        <Alert tone="error" ref={focusWhenShown}>
          {form.formError}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={form.saving} pendingLabel="Saving profile...">
          Save profile
        </SubmitButton>
        {savedAt ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Saved at {savedAt.toLocaleTimeString('en-AU', { hour: 'numeric', minute: '2-digit' })}.
          </p>
        ) : null}
      </div>
    </form>
  );
}

function FormGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 text-xl font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}
