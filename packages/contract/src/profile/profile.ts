import { z } from 'zod/mini';
import { SUBSCRIPTION_TIERS } from '../constants.ts';

/** The company profile (SPEC §3), with the subscription fields taken from the subscriber record. */
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
  /** premium only when the subscriber record is marked subscribed (SPEC §4). */
  subscription_tier: z.enum(SUBSCRIPTION_TIERS),
  subscription_end_date: z.nullable(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;
