import { adminEndpoints } from './admin/endpoints.ts';
import { apiAccessEndpoints } from './api-access/endpoints.ts';
import { accountEndpoints } from './auth/account-endpoints.ts';
import { authEndpoints } from './auth/endpoints.ts';
import { billingEndpoints } from './billing/endpoints.ts';
import { billingStatusEndpoints } from './billing/status-endpoints.ts';
import { bundleEndpoints } from './bundles/endpoints.ts';
import { certificateEndpoints } from './certificates/endpoints.ts';
import { checklistTemplateEndpoints } from './compliance/endpoints.ts';
import { contactEndpoints } from './contact/endpoints.ts';
import { pdfCheckEndpoint, sealRootEndpoint } from './documents/pdf-check.ts';
import { documentVerifyEndpoint } from './documents/verification.ts';
import { fileEndpoints } from './files/endpoints.ts';
import { healthEndpoints } from './health/health.ts';
import type { Endpoint } from './http/endpoint.ts';
import { profileEndpoints } from './profile/endpoints.ts';
import { documentSendEndpoints } from './signing/document-sends.ts';
import { signingEndpoints } from './signing/endpoints.ts';
import { signByTokenEndpoints, signedCopyEndpoint } from './signing/sign-link.ts';
import { swmsEndpoints } from './swms/endpoints.ts';
import { invitationLinkEndpoints, teamEndpoints } from './teams/endpoints.ts';

/** A feature's operations as the published API groups them: one tag, and each operation by its contract name. */
type OperationGroup = { readonly tag: string; readonly endpoints: Readonly<Record<string, Endpoint>> };

/**
 * Every declared endpoint, once, under the name the contract gives it. The OpenAPI document's
 * operationId is `<group><Name>` (`certificates` + `create` → `certificatesCreate`) and its tag the
 * group's: names that stay as long as the contract's do (ADR 0054). Only the server reads this, so
 * it costs the web app nothing.
 */
export const operationGroups = {
  auth: { tag: 'Accounts and sessions', endpoints: authEndpoints },
  account: { tag: 'Accounts and sessions', endpoints: accountEndpoints },
  profile: { tag: 'Company profile', endpoints: profileEndpoints },
  certificates: { tag: 'Certificates', endpoints: certificateEndpoints },
  checklistTemplates: { tag: 'Checklist templates', endpoints: checklistTemplateEndpoints },
  files: { tag: 'Files', endpoints: fileEndpoints },
  swms: { tag: 'SWMS and cover sheets', endpoints: swmsEndpoints },
  signing: { tag: 'Signing', endpoints: signingEndpoints },
  documentSends: { tag: 'Signing', endpoints: documentSendEndpoints },
  signByToken: { tag: 'Signing by link', endpoints: { ...signByTokenEndpoints, copy: signedCopyEndpoint } },
  verification: {
    tag: 'Verification',
    endpoints: { document: documentVerifyEndpoint, pdf: pdfCheckEndpoint, sealRoot: sealRootEndpoint },
  },
  billing: { tag: 'Billing', endpoints: { ...billingEndpoints, ...billingStatusEndpoints } },
  contact: { tag: 'Contact', endpoints: contactEndpoints },
  apiAccess: { tag: 'API tokens and webhooks', endpoints: apiAccessEndpoints },
  team: { tag: 'Team', endpoints: teamEndpoints },
  invitations: { tag: 'Team', endpoints: invitationLinkEndpoints },
  admin: { tag: 'Admin', endpoints: adminEndpoints },
  bundles: { tag: 'Bundles (disabled)', endpoints: bundleEndpoints },
  health: { tag: 'Health', endpoints: healthEndpoints },
} as const satisfies Record<string, OperationGroup>;

/** The operationId and tag of each declared endpoint. */
export function operationNames(): Map<Endpoint, { operationId: string; tag: string }> {
  const names = new Map<Endpoint, { operationId: string; tag: string }>();
  for (const [group, { tag, endpoints }] of Object.entries(operationGroups)) {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      if (names.has(endpoint)) throw new Error(`${endpoint.method} ${endpoint.path} is in two operation groups`);
      names.set(endpoint, { operationId: `${group}${name[0]?.toUpperCase()}${name.slice(1)}`, tag });
    }
  }
  return names;
}
