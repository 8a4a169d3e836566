import { z } from 'zod/mini';
import { EMAIL_ADDRESS_PATTERN } from '../auth/credential-rules.ts';
import { SUBSCRIPTION_TIERS } from '../constants.ts';
import { INVALID_ABN_MESSAGE, isValidAbn, normaliseAbn } from './abn.ts';
import { commonMaterialsSchema } from './common-materials.ts';

/** The company profile (PRODUCT.md, Records), with the subscription fields taken from the subscriber record. */
export const profileSchema = z.object({
  id: z.string(),
  email: z.nullable(z.string()),
  company_name: z.nullable(z.string()),
  company_address: z.nullable(z.string()),
  company_email: z.nullable(z.string()),
  company_phone: z.nullable(z.string()),
  company_abn: z.nullable(z.string()),
  licence_number: z.nullable(z.string()),
  signature_url: z.nullable(z.string()),
  logo_url: z.nullable(z.string()),
  common_materials: z.array(z.string()),
  applicator_name: z.nullable(z.string()),
  onboarding_completed: z.boolean(),
  time_zone: z.string(),
  created_at: z.string(),
  /** premium only when the subscriber record is marked subscribed (PRODUCT.md, States). */
  subscription_tier: z.enum(SUBSCRIPTION_TIERS),
  subscription_end_date: z.nullable(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

const optionalText = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max))));

/** The profile's free-text fields, and the time zone, in the order forms show them. */
export const profileTextFields = [
  'company_name',
  'company_address',
  'company_email',
  'company_phone',
  'company_abn',
  'licence_number',
  'applicator_name',
  'time_zone',
] as const;
export type ProfileTextField = (typeof profileTextFields)[number];

/** PATCH /api/profile: only the fields sent change. */
export const profileUpdateRequestSchema = z.object({
  company_name: optionalText(200),
  company_address: optionalText(500),
  company_email: z.optional(
    z.nullable(
      z.union([
        z.literal(''),
        z.string().check(z.regex(EMAIL_ADDRESS_PATTERN, 'Enter a valid email address, e.g. office@example.com.')),
      ]),
    ),
  ),
  company_phone: optionalText(40),
  company_abn: z.optional(
    z.nullable(
      z.pipe(
        z.string().check(z.refine((value) => value.trim() === '' || isValidAbn(value), INVALID_ABN_MESSAGE)),
        z.transform(normaliseAbn),
      ),
    ),
  ),
  licence_number: optionalText(100),
  applicator_name: optionalText(200),
  common_materials: z.optional(commonMaterialsSchema),
  time_zone: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  onboarding_completed: z.optional(z.boolean()),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

/** The two profile images. */
export const profileImageKinds = ['logo', 'signature'] as const;
export type ProfileImageKind = (typeof profileImageKinds)[number];
