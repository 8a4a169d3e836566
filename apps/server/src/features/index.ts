import { adminFeature } from './admin/admin.feature.ts';
import { apiAccessFeature } from './api-access/api-access.feature.ts';
import { authFeature } from './auth/auth.feature.ts';
import { billingFeature } from './billing/billing.feature.ts';
import { bundlesFeature } from './bundles/bundles.feature.ts';
import { certificatesFeature } from './certificates/certificates.feature.ts';
import { checklistTemplatesFeature } from './checklist-templates/checklist-templates.feature.ts';
import { contactFeature } from './contact/contact.feature.ts';
import { filesFeature } from './files/files.feature.ts';
import { healthFeature } from './health/health.feature.ts';
import { profileFeature } from './profile/profile.feature.ts';
import { signingFeature } from './signing/signing.feature.ts';
import { swmsFeature } from './swms/swms.feature.ts';
import { teamsFeature } from './teams/teams.feature.ts';
import { verificationFeature } from './verification/verification.feature.ts';

/**
 * Every feature of the server, in the order its routes are mounted (the OpenAPI document follows
 * it) and its manifest is built (ADR 0073). A feature that reads a list another offers at build
 * time comes after it: signing and verification after the document kinds.
 * The compiler holds the app's settings against every feature's slice of them (buildFeatures).
 */
export const features = [
  healthFeature,
  authFeature,
  profileFeature,
  apiAccessFeature,
  teamsFeature,
  filesFeature,
  certificatesFeature,
  checklistTemplatesFeature,
  billingFeature,
  bundlesFeature,
  contactFeature,
  adminFeature,
  swmsFeature,
  signingFeature,
  verificationFeature,
] as const;
