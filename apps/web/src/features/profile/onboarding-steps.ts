import type { Profile } from '@app/contract';

/** The onboarding steps, in order; each is saved as the user goes, and any can be skipped. */
export const onboardingSteps = [
  'Company details',
  'Licence and ABN',
  'Logo and signature',
  'Common materials',
] as const;

/** The step (1-based) named in `?step=`, or the first step when the parameter is missing or wrong. */
export function stepFromParam(param: string | null): number {
  const step = Number(param);
  return Number.isInteger(step) && step >= 1 && step <= onboardingSteps.length ? step : 1;
}

const detailLabels: Array<[label: string, filled: (profile: Profile) => boolean]> = [
  ['company name', (profile) => Boolean(profile.company_name)],
  ['business address', (profile) => Boolean(profile.company_address)],
  ['ABN', (profile) => Boolean(profile.company_abn)],
  ['licence number', (profile) => Boolean(profile.licence_number)],
  ['applicator name', (profile) => Boolean(profile.applicator_name)],
  ['logo', (profile) => Boolean(profile.logo_url)],
  ['signature', (profile) => Boolean(profile.signature_url)],
];

/** The details a certificate prints that this profile still lacks, by name, for "still to add". */
export function missingDetails(profile: Profile): string[] {
  return detailLabels.filter(([, filled]) => !filled(profile)).map(([label]) => label);
}
