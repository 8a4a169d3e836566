import { type Profile, type ProfileTextField, type ProfileUpdateRequest, profileTextFields } from '@app/contract';
import { type ChangeEvent, type HTMLAttributes, type HTMLInputTypeAttribute, useState } from 'react';
import { useFieldRefs } from '../../../components/ui/use-field-refs.ts';
import { forgetKeptForm } from '../../../lib/kept-forms.ts';
import { useUpdateProfileMutation } from '../../../lib/profile/update-profile.ts';
import { fieldErrorsFrom, requestErrorMessage } from '../../../lib/request-errors.ts';
import { useKeptForm } from '../../../lib/use-kept-form.ts';
import {
  type ProfileFormProblems,
  type ProfileFormValues,
  profileChanges,
  profileFormValues,
  profileProblems,
} from '../profile-form.ts';

type FieldText = {
  label: string;
  hint?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLElement>['inputMode'];
};

/** How each field is labelled and typed, the same on the profile page and in onboarding. */
const fieldText: Record<ProfileTextField, FieldText> = {
  company_name: { label: 'Company name', autoComplete: 'organization' },
  company_address: {
    label: 'Business address',
    hint: 'Street, suburb, state and postcode, as it should appear on your certificates.',
    autoComplete: 'street-address',
  },
  company_email: { label: 'Business email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  company_phone: { label: 'Business phone', type: 'tel', autoComplete: 'tel' },
  company_abn: {
    label: 'ABN',
    hint: 'Your 11-digit Australian Business Number, e.g. 51 824 753 556.',
    inputMode: 'numeric',
  },
  licence_number: {
    label: 'Licence number',
    hint: 'Your contractor or trade licence, as printed on your certificates.',
  },
  applicator_name: {
    label: 'Applicator name',
    hint: 'The person who does the work and signs the certificates.',
    autoComplete: 'name',
  },
  time_zone: {
    label: 'Time zone',
    hint: 'Dates on your certificates, and the count of certificates per month, follow this time zone.',
  },
};

const hasAny = (problems: ProfileFormProblems) => Object.values(problems).some(Boolean);

/** Kept values that still have every text field of the form. */
function parseProfileValues(values: unknown): ProfileFormValues | undefined {
  if (typeof values !== 'object' || values === null) return undefined;
  const record = values as Record<string, unknown>;
  return profileTextFields.every((name) => typeof record[name] === 'string')
    ? (record as ProfileFormValues)
    : undefined;
}

/**
 * A form over some of the profile's text fields. `field(name)` gives the props for a TextField,
 * TextArea or Select; `save()` checks the values by the contract's rules, sends only what changed,
 * shows the server's field errors inline, and never discards what the user typed when it fails.
 */
export function useProfileForm(profile: Profile, fields: readonly ProfileTextField[], keptAs?: string) {
  const [saved, setSaved] = useState(() => profileFormValues(profile));
  const [values, setValues] = useState<ProfileFormValues>(saved);
  // With `keptAs`, typing is kept on this phone until saved, and offered back (lib/use-kept-form.ts).
  const kept = useKeptForm({ userId: profile.id, formKey: keptAs, initial: saved, values, parse: parseProfileValues });
  const [problems, setProblems] = useState<ProfileFormProblems>({});
  const [formError, setFormError] = useState<string>();
  const { refFor, focusFirst } = useFieldRefs<ProfileTextField>();
  const update = useUpdateProfileMutation();

  const field = (name: ProfileTextField) => ({
    ...fieldText[name],
    name,
    value: values[name],
    error: problems[name],
    ref: refFor(name),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setProblems((current) => ({ ...current, [name]: undefined }));
    },
    // Say straight away when a value cannot be saved (an ABN that fails the checksum), not only on save.
    onBlur: () => {
      const problem = profileProblems(profileChanges(saved, values, [name]))[name];
      if (problem) setProblems((current) => ({ ...current, [name]: problem }));
    },
  });

  /** Saves the changed fields plus `extra`; resolves true once everything is saved. */
  const save = async (extra: ProfileUpdateRequest = {}): Promise<boolean> => {
    const submitted = values;
    const changes = { ...profileChanges(saved, submitted, fields), ...extra };
    const found = profileProblems(changes);
    setProblems(found);
    setFormError(undefined);
    if (hasAny(found)) {
      focusFirst(fields, found);
      return false;
    }
    if (Object.keys(changes).length === 0) return true;
    try {
      const next = profileFormValues(await update.mutateAsync(changes));
      if (keptAs) forgetKeptForm(localStorage, profile.id, keptAs);
      setSaved(next);
      // Show what the server kept (e.g. the ABN grouped), except where the user typed on meanwhile.
      setValues((current) => {
        const merged = { ...current };
        for (const name of profileTextFields) if (current[name] === submitted[name]) merged[name] = next[name];
        return merged;
      });
      return true;
    } catch (error) {
      const fromServer: ProfileFormProblems = {};
      const serverErrors = fieldErrorsFrom(error);
      for (const name of fields) fromServer[name] = serverErrors[name];
      setProblems(fromServer);
      if (!focusFirst(fields, fromServer)) setFormError(requestErrorMessage(error));
      return false;
    }
  };

  const restoreKept = () => {
    const restored = kept.restore();
    if (restored) setValues(restored);
  };

  return { field, save, saving: update.isPending, formError, kept, restoreKept };
}

export type ProfileForm = ReturnType<typeof useProfileForm>;
