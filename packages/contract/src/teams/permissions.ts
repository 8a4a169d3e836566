import type { MemberRole } from './roles.ts';

/**
 * What each role of a business may do (ADR 0077, "Decision: roles and permissions"; ADR 0081): one
 * key per operation group, the roles that hold it, and what it allows in PRODUCT.md's words. Every
 * signed-in endpoint declares the key it needs and the server refuses a caller whose role lacks it;
 * rules that also depend on a record's state (an issued certificate, a company field) are checked
 * by the services with the same key. PRODUCT.md (Teams) prints this table.
 */
export const PERMISSIONS = {
  'certificates.edit': {
    roles: ['owner', 'office', 'field'],
    allows:
      'Certificates: read, create, edit drafts, photos, checklists, materials; complete (issue), or submit for review when review is on',
  },
  'certificates.review': {
    roles: ['owner', 'office'],
    allows: 'Certificates: turn review before issue on or off; issue or send back one in review',
  },
  'certificates.amend': {
    roles: ['owner', 'office'],
    allows: 'Certificates: amend or delete an issued one, and delete its photos (Premium)',
  },
  'swms.edit': { roles: ['owner', 'office', 'field'], allows: 'SWMS: read, create, edit, new version, delete' },
  'coverSheets.view': { roles: ['owner', 'office', 'field'], allows: 'Cover sheets: read' },
  'coverSheets.edit': { roles: ['owner', 'office'], allows: 'Cover sheets: create, edit, approve, delete' },
  'files.upload': { roles: ['owner', 'office', 'field'], allows: 'Photos and files: upload, open' },
  'checklistTemplates.use': { roles: ['owner', 'office', 'field'], allows: 'Checklist templates: use' },
  'checklistTemplates.edit': {
    roles: ['owner', 'office'],
    allows: 'Checklist templates: create, edit, delete (Premium)',
  },
  'signing.view': {
    roles: ['owner', 'office', 'field'],
    allows: 'Signing: see who signed, the signed copies and the sends; show the site QR',
  },
  'signing.send': {
    roles: ['owner', 'office'],
    allows: 'Signing: send, remind, revoke, set aside, send to builder; revoke the site QR',
  },
  'apiAccess.manage': { roles: ['owner'], allows: 'API tokens and webhooks' },
  'billing.manage': {
    roles: ['owner'],
    allows: 'Billing and seats: the plan, checkout, the billing portal, who keeps a seat',
  },
  'members.view': { roles: ['owner', 'office', 'field'], allows: 'Members: the member list' },
  'members.invite': {
    roles: ['owner', 'office'],
    allows: 'Members: invite, resend, revoke, remove (the office: field members only)',
  },
  'members.roles': { roles: ['owner'], allows: 'Members: change roles, hand over ownership' },
  'team.activity': { roles: ['owner'], allows: 'Activity: what every member did, from the audit trail' },
  'company.view': { roles: ['owner', 'office', 'field'], allows: 'Company profile: read' },
  'company.edit': { roles: ['owner'], allows: 'Company profile: edit (name, address, ABN, logo, time zone…)' },
  'company.materials': { roles: ['owner', 'office'], allows: 'Company profile: edit the common materials' },
  'account.own': {
    roles: ['owner', 'office', 'field'],
    allows: 'Own name, signature, password, email; delete own account (the owner: the business, alone)',
  },
} as const satisfies Record<string, { roles: readonly MemberRole[]; allows: string }>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as Permission[];

/** Whether `role` holds `permission`. */
export const roleMay = (role: MemberRole, permission: Permission): boolean =>
  (PERMISSIONS[permission].roles as readonly MemberRole[]).includes(role);

/** The one answer to a caller whose role lacks the permission (403 `forbidden`). */
export const FORBIDDEN_MESSAGE = 'You are not authorised to do this.';
