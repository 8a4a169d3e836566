import {
  formatAbn,
  normaliseAbn,
  type Profile,
  type ProfileTextField,
  type ProfileUpdateRequest,
  profileTextFields,
  profileUpdateRequestSchema,
} from '@app/contract';

export type ProfileFormValues = Record<ProfileTextField, string>;
export type ProfileFormProblems = Partial<Record<ProfileTextField, string>>;

/** What a form shows for a saved profile: empty text for a field not filled in yet. */
export function profileFormValues(profile: Profile): ProfileFormValues {
  return {
    company_name: profile.company_name ?? '',
    company_address: profile.company_address ?? '',
    company_email: profile.company_email ?? '',
    company_phone: profile.company_phone ?? '',
    company_abn: formatAbn(profile.company_abn ?? ''),
    licence_number: profile.licence_number ?? '',
    applicator_name: profile.applicator_name ?? '',
    time_zone: profile.time_zone,
  };
}

/**
 * The fields among `fields` the user changed, trimmed as the server keeps them. Only these are
 * sent, so a save never overwrites what was changed elsewhere (another tab, another step).
 * An empty value clears the field.
 */
export function profileChanges(
  saved: ProfileFormValues,
  edited: ProfileFormValues,
  fields: readonly ProfileTextField[],
): ProfileUpdateRequest {
  const changes: Partial<Record<ProfileTextField, string>> = {};
  for (const field of fields) {
    const value = edited[field].trim();
    if (comparable(field, value) !== comparable(field, saved[field].trim())) changes[field] = value;
  }
  return changes;
}

// "51 824 753 556" and "51824753556" are the same ABN.
const comparable = (field: ProfileTextField, value: string) => (field === 'company_abn' ? normaliseAbn(value) : value);

/**
 * What is wrong with `update`, per field, by the contract's own rules: the same checks the server
 * makes (the ABN checksum among them), answered before anything is sent.
 */
export function profileProblems(update: ProfileUpdateRequest): ProfileFormProblems {
  const result = profileUpdateRequestSchema.safeParse(update);
  const problems: ProfileFormProblems = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const field = profileTextFields.find((name) => name === issue.path[0]);
    if (!field || problems[field]) continue;
    problems[field] = issue.code === 'too_big' ? `Keep this to ${issue.maximum} characters or fewer.` : issue.message;
  }
  return problems;
}
