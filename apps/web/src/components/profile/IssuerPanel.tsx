import {
  type IssuerField,
  issuerIncompleteMessage,
  listIssuerFields,
  missingIssuerDetails,
  type Profile,
  profileUpdateRequestSchema,
} from '@app/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useUpdateProfileMutation } from '../../lib/profile/update-profile.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { SignatureField } from '../ui/SignatureField.tsx';
import { TextField } from '../ui/TextField.tsx';
import { useProfileImage } from './use-profile-image.ts';

/** What `profile` still lacks to issue a document: company name, a valid ABN, applicator name, signature (ADR 0065). */
export function missingIssuerOf(profile: Profile): IssuerField[] {
  return missingIssuerDetails({ ...profile, has_signature: profile.signature_url !== null });
}

type TextIssuerField = Exclude<IssuerField, 'signature'>;

const fieldText: Record<TextIssuerField, { label: string; autoComplete: string; hint?: string }> = {
  company_name: { label: 'Company name', autoComplete: 'organization' },
  company_abn: { label: 'ABN', autoComplete: 'off', hint: '11 digits, e.g. 51 824 753 556.' },
  applicator_name: { label: 'Applicator name', autoComplete: 'name' },
};

/**
 * "Who issues this": shown on a form that issues a document while the profile lacks what the
 * document prints about who stands behind it. It names what is missing before anything is sent,
 * and saves each detail to the profile in place, so nothing typed in the form around it is lost.
 * `refused`: the user just tried to issue, so the reason is said as an alert.
 */
export function IssuerPanel({
  profile,
  refused,
  id,
}: {
  profile: Profile;
  refused: boolean;
  /** The panel's id, for the form to move focus to it. */
  id: string;
}) {
  const headingId = useId();
  const missing = missingIssuerOf(profile);
  const textFields = missing.filter((field): field is TextIssuerField => field !== 'signature');
  const [values, setValues] = useState<Record<TextIssuerField, string>>({
    company_name: profile.company_name ?? '',
    company_abn: profile.company_abn ?? '',
    applicator_name: profile.applicator_name ?? '',
  });
  const [problems, setProblems] = useState<Partial<Record<TextIssuerField, string>>>({});
  const update = useUpdateProfileMutation();
  const signature = useProfileImage(profile, 'signature');

  if (missing.length === 0) return null;

  const saveDetails = () => {
    const found: Partial<Record<TextIssuerField, string>> = {};
    for (const field of textFields) {
      if (!values[field].trim()) found[field] = `Enter your ${fieldText[field].label.toLowerCase()}.`;
    }
    const changes = Object.fromEntries(textFields.map((field) => [field, values[field]]));
    const parsed = profileUpdateRequestSchema.safeParse(changes);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = textFields.find((name) => name === issue.path[0]);
        if (field && !found[field]) found[field] = issue.message;
      }
    }
    setProblems(found);
    if (Object.keys(found).length > 0) {
      const first = textFields.find((field) => found[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    update.mutate(changes);
  };

  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-amber-400 p-4 dark:border-amber-600"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        Who issues this
      </h2>
      {refused ? (
        <Alert tone="error">{issuerIncompleteMessage(missing)}</Alert>
      ) : (
        <p className="text-sm">
          To issue it, add your {listIssuerFields(missing)}. They print on it and are saved to your profile. A draft can
          be saved without them.
        </p>
      )}
      {textFields.map((field) => (
        <TextField
          key={field}
          id={`${id}-${field}`}
          label={fieldText[field].label}
          hint={fieldText[field].hint}
          autoComplete={fieldText[field].autoComplete}
          value={values[field]}
          onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
          error={problems[field]}
        />
      ))}
      {textFields.length > 0 ? (
        <div className="flex flex-col items-start gap-2">
          <Button variant="secondary" disabled={update.isPending} onClick={saveDetails}>
            {update.isPending ? 'Saving...' : 'Save to profile'}
          </Button>
          {update.isError ? <Alert tone="error">{requestErrorMessage(update.error)}</Alert> : null}
        </div>
      ) : null}
      {missing.includes('signature') ? <SignatureField {...signature} /> : null}
      <p className="text-sm">
        Or{' '}
        <Link className="underline" to="/profile">
          fill in your profile
        </Link>{' '}
        and come back: what you typed here is kept on this phone.
      </p>
    </section>
  );
}
