import * as contract from '@app/contract';
import {
  type Endpoint,
  errorCodes,
  fillPath,
  isMultipartUpload,
  type MemberRole,
  openApiPath,
  roleMay,
  type Session,
} from '@app/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, GOOD_PASSWORD, registerConfirmedUser, uniqueEmail } from '../support/auth-helpers.ts';
import { createCompletedCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { multipartBody } from '../support/multipart.ts';
import { createReadySwms } from '../support/swms.ts';
import { addMember } from '../support/teams.ts';
import { recordFigures } from './figures.ts';

/**
 * The isolation matrix (ADR 0047): every operation of the OpenAPI document × visitor, another user
 * (owning nothing of the target), a free user, a Premium user and an admin, each answered as the
 * endpoint's declaration says: 401 to a visitor where a session is required, 403 to a non-admin on
 * an admin route, 404 to another user naming the owner's record, 403 premium_required to a free user
 * where the contract declares that code, and never a 5xx. A leak is a 2xx where a 401, 403 or 404 was
 * expected, or a body holding another user's identifiers (ids, email).
 *
 * Businesses and roles (ADR 0077, ADR 0081): the other user's business A has an owner, an office
 * and a field member, and so has the Premium user's business B; each of A's three is pointed at the
 * records of each of B's three (9 pairs per operation). A role without the endpoint's permission is
 * answered 403 `forbidden` before anything of the record; with it, as any stranger is.
 *
 * The expectation comes from each endpoint's metadata (auth, errors, notFound); CALLS says only how
 * to call an operation (which record fills its path, a body that passes validation, whether anyone
 * may read it by its link). An operation missing from CALLS fails the suite: add its line.
 */

type Role = 'visitor' | 'other' | 'otherOffice' | 'otherField' | 'admin' | 'free' | 'premium';
/** Whose records a call names: the free user's, or those of the Premium user's business B by its members. */
type Target = 'free' | 'premium' | 'premiumOffice' | 'premiumField';
const BUSINESS_A: readonly Role[] = ['other', 'otherOffice', 'otherField'];
const BUSINESS_B: readonly Target[] = ['premium', 'premiumOffice', 'premiumField'];
/** Each caller and the records it is pointed at: owners at their own, everyone else at business B's. */
const PAIRS: ReadonlyArray<readonly [Role, Target]> = [
  ['visitor', 'premium'],
  ['admin', 'premium'],
  ['free', 'free'],
  ['premium', 'premium'],
  ...BUSINESS_A.flatMap((role) => BUSINESS_B.map((target) => [role, target] as const)),
];
const memberRoleOf = (role: Role): MemberRole =>
  role === 'otherOffice' ? 'office' : role === 'otherField' ? 'field' : 'owner';

/** What an owner (the free and the Premium user) holds; the others are pointed at the Premium user's. */
type Owned = {
  session: Session;
  email: string;
  certificate: string;
  template: string;
  swms: string;
  coverSheet: string;
  coverSheetBody: unknown;
  file: string;
  signingRequest: string;
  apiToken: string;
  webhook: string;
  webhookDelivery: string;
};

type Call = {
  /** Path values beyond what pathValues derives from the path. */
  params?: (owned: Owned) => Record<string, string | number>;
  body?: (owned: Owned) => unknown;
  /** Anyone may read it by its link or token (a completed certificate, a signing link): no 404 to others. */
  public?: true;
  /** Ends the caller's Premium (1) or session (2): run after every other operation, in that order. */
  last?: 1 | 2;
  /** The only answers the call may get, whoever calls: e.g. a made-up token is refused to anyone. */
  answers?: number[];
  /** Statuses the owners may get beyond the allowed ones, and why. */
  owners?: { statuses: number[]; why: string };
  /** Declares premium_required for part of what it does only: a free user may call it as made here, and why. */
  freeMayCall?: string;
  /** Roles a service rule refuses (403 `forbidden`) the call as made here, though the endpoint lets them in, and why. */
  refusedRoles?: { roles: MemberRole[]; why: string };
};

const SIGNER = () => ({ signers: [{ name: 'Casey Crew', email: uniqueEmail('signer') }] });
const TEMPLATE = {
  name: 'Balcony',
  stages: [
    {
      title: 'Falls',
      items: [
        {
          kind: 'measure',
          id: 'fall',
          label: 'Fall',
          unit: 'ratio',
          rule: { kind: 'fall', limits: { steepest: 50, flattest: 100 } },
        },
      ],
    },
  ],
};

const LOGO_IS_THE_COMPANYS: Call['refusedRoles'] = {
  roles: ['office', 'field'],
  why: "the logo (named here) is the company's, the owner's to change; a signature is each member's own",
};

/** How to call each operation, keyed `METHOD /openapi/{path}`; `{}` when nothing beyond the derived path is needed. */
const CALLS: Record<string, Call> = {
  'GET /api/health': {},
  'GET /api/health/live': {},
  'GET /api/health/ready': {},
  'POST /api/auth/signup': { body: () => ({ email: uniqueEmail('iso'), password: GOOD_PASSWORD }) },
  'POST /api/auth/exchange': { body: () => ({ auth_code: 'x'.repeat(43), code_verifier: 'y'.repeat(43) }) },
  'POST /api/auth/verify': { body: () => ({ token_hash: 'x'.repeat(43), type: 'signup' }) },
  'POST /api/auth/resend': { body: () => ({ email: uniqueEmail('iso') }) },
  'POST /api/auth/recover': { body: () => ({ email: uniqueEmail('iso') }) },
  'POST /api/auth/signin': { body: (owned) => ({ email: owned.email, password: 'wrong-password-123456' }) },
  'POST /api/auth/refresh': { body: () => ({ refresh_token: 'x'.repeat(43) }), answers: [401] },
  'POST /api/auth/signout': { last: 2 },
  'GET /api/auth/user': {},
  // Bodies left invalid on purpose: a password, email or account change would end the run's sessions.
  'PUT /api/auth/user': { body: () => ({}) },
  'POST /api/account/email': { body: () => ({}) },
  'POST /api/account/delete': { body: () => ({}) },
  'GET /api/profile': {},
  'PATCH /api/profile': { body: () => ({ company_name: 'Isolation Pty Ltd' }) },
  'PUT /api/profile/{kind}': { refusedRoles: LOGO_IS_THE_COMPANYS },
  'DELETE /api/profile/{kind}': { refusedRoles: LOGO_IS_THE_COMPANYS },
  'GET /api/certificates': {},
  'POST /api/certificates': {
    body: (owned) => ({ user_id: owned.session.user.id, status: 'draft', job_site_address: '1 Iso St' }),
    freeMayCall:
      'a free user makes certificates within the monthly limit; a custom template or an API token needs Premium',
  },
  'GET /api/certificates/usage': {},
  'POST /api/certificates/photos': {},
  'GET /api/certificates/{id}': { public: true },
  'GET /api/certificates/{id}/pdf': { public: true },
  'PATCH /api/certificates/{id}': { body: () => ({ revision: 0, areas: 'Laundry', amendment_reason: 'Isolation' }) },
  'DELETE /api/certificates/{id}': {},
  'GET /api/certificates/{id}/versions': {},
  // Review before issue (ADR 0077): the certificate named is issued, so a member of its business gets 409.
  'POST /api/certificates/{id}/submit-for-review': {},
  'POST /api/certificates/{id}/return': { body: () => ({ note: 'Isolation' }) },
  'GET /api/gallery': {},
  'GET /api/checklist-templates': {},
  'POST /api/checklist-templates': { body: () => TEMPLATE },
  'GET /api/checklist-templates/{id}': {},
  'PUT /api/checklist-templates/{id}': { body: () => TEMPLATE },
  'DELETE /api/checklist-templates/{id}': {},
  'GET /api/files/{id}': {},
  'GET /api/files/{id}/thumbnail': {},
  'GET /api/swms': {},
  'POST /api/swms': { body: () => ({}) },
  'GET /api/swms/{id}': {},
  'PUT /api/swms/{id}': { body: () => ({ revision: 0, body: contract.emptySwmsBody() }) },
  'DELETE /api/swms/{id}': {},
  'POST /api/swms/{id}/discard-draft': { body: () => ({ revision: 0 }) },
  'GET /api/swms/{id}/pdf': {},
  'GET /api/swms/{id}/versions/{version}': {},
  'GET /api/cover-sheets': {},
  'POST /api/cover-sheets': { body: () => ({}) },
  'GET /api/cover-sheets/{id}': {},
  'PUT /api/cover-sheets/{id}': { body: (owned) => ({ revision: 0, body: owned.coverSheetBody }) },
  'DELETE /api/cover-sheets/{id}': {},
  'POST /api/cover-sheets/{id}/discard-draft': { body: () => ({ revision: 0 }) },
  'GET /api/cover-sheets/{id}/pdf': {},
  'GET /api/signing/waiting': {},
  'GET /api/signing/documents/{kind}/{id}': {},
  'POST /api/signing/documents/{kind}/{id}/requests': { body: SIGNER },
  'GET /api/signing/documents/{kind}/{id}/signed-pdf': {},
  'POST /api/signing/documents/{kind}/{id}/site-sign-on': { body: () => ({}) },
  'GET /api/signing/documents/{kind}/{id}/site-board': {},
  'POST /api/signing/documents/{kind}/{id}/site-sign-on/revoke': {},
  'GET /api/signing/documents/{kind}/{id}/sends': {},
  'POST /api/signing/documents/{kind}/{id}/sends': {
    body: () => ({ email: uniqueEmail('builder'), name: 'Builder' }),
    freeMayCall: 'a free user sends a document without a personal message; the message needs Premium',
  },
  'POST /api/signing/requests/{id}/resend': {},
  'POST /api/signing/requests/{id}/revoke': {},
  'POST /api/signing/requests/{id}/set-aside': {
    owners: { statuses: [404], why: 'only a signature is set aside, and this request is not signed' },
  },
  'GET /api/sign/{token}': { public: true },
  'GET /api/sign/{token}/pdf': { public: true },
  'POST /api/sign/{token}/sign': { public: true, body: () => ({}) },
  'POST /api/sign/{token}/decline': { public: true, body: () => ({}) },
  'GET /api/sign/{token}/copy': { public: true },
  'GET /api/sent/{token}': { public: true },
  'GET /api/sent/{token}/pdf': { public: true },
  'GET /api/verify/{kind}/{id}/{version}': { public: true },
  'POST /api/verify/pdf': { public: true },
  'GET /api/verify/seal-root': { public: true },
  'POST /api/contact': { body: (owned) => ({ name: 'Iso', email: owned.email, message: 'Hello from the matrix.' }) },
  'GET /api/billing/subscription': {},
  'POST /api/billing/checkout': { body: () => ({ interval: 'month' }) },
  'POST /api/billing/portal': { body: () => ({}) },
  'POST /api/billing/cancel': { last: 1 },
  'POST /api/billing/resync': {},
  // Left invalid: completing a test checkout would make the free user Premium.
  'POST /api/billing/test/complete': { body: () => ({}) },
  // The callers' own business only; none of them has a test subscription to change (409).
  'POST /api/billing/test/seats': { body: () => ({ extra_seats: 0 }) },
  'POST /api/billing/test/end-now': { last: 1 },
  'POST /api/billing/webhook': { public: true, body: () => ({}) },
  'GET /api/billing/webhook/status': {},
  'POST /api/billing/webhook/test-event': {},
  // The disabled bundles: every declared call answers the same, to anyone.
  'GET /api/bundles': { public: true },
  'POST /api/bundles': { public: true, body: () => ({}) },
  'GET /api/bundles/{id}': { public: true },
  'PUT /api/bundles/{id}': { public: true },
  'DELETE /api/bundles/{id}': { public: true },
  'GET /api/admin/access': {},
  'GET /api/admin/users': {},
  'GET /api/admin/businesses': {},
  'POST /api/admin/users/{id}/premium/grant': { body: () => ({ reason: 'Isolation matrix' }) },
  'POST /api/admin/users/{id}/premium/revoke': { body: () => ({ reason: 'Isolation matrix' }) },
  'GET /api/admin/contact-messages': {},
  'POST /api/admin/contact-messages/{id}/handled': {},
  'GET /api/admin/stats/monthly': {},
  'GET /api/api-tokens': {},
  'POST /api/api-tokens': { body: () => ({ name: 'Isolation', scope: 'read', expires_in_days: 30 }) },
  'DELETE /api/api-tokens/{id}': {},
  'GET /api/webhooks': {},
  // Loopback: refused (422) with the tests-only switch off, so nothing is ever sent.
  'POST /api/webhooks': { body: () => ({ url: 'https://127.0.0.1/hook', events: ['certificate.issued'] }) },
  'DELETE /api/webhooks/{id}': {},
  'POST /api/webhooks/{id}/enable': {},
  'POST /api/webhooks/{id}/rotate-secret': {},
  'GET /api/webhooks/{id}/deliveries': {},
  'POST /api/webhooks/deliveries/{id}/resend': {},
};

/**
 * The team's operations (ADR 0077): each owner's business has a field member and an invitation
 * (teamOf, filled below); everyone else is pointed at the Premium user's. A made-up link is refused to anyone.
 */
const teamOf = new Map<string, { member: string; invitation: string }>();
const inTeam = (owned: Owned) => teamOf.get(owned.session.user.id) ?? { member: '', invitation: '' };
Object.assign(CALLS, {
  'GET /api/team': {},
  // The owner's activity view: only their own business's events, whoever's records are named elsewhere.
  'GET /api/team/activity': {},
  'PATCH /api/team/settings': { body: () => ({ review_before_issue: false }) },
  'POST /api/team/invitations': { body: () => ({ email: uniqueEmail('invited'), role: 'field' }) },
  'POST /api/team/invitations/{id}/resend': { params: (owned) => ({ id: inTeam(owned).invitation }) },
  'DELETE /api/team/invitations/{id}': { params: (owned) => ({ id: inTeam(owned).invitation }) },
  'PATCH /api/team/members/{userId}': {
    params: (owned) => ({ userId: inTeam(owned).member }),
    body: () => ({ role: 'office' }),
  },
  'DELETE /api/team/members/{userId}': { params: (owned) => ({ userId: inTeam(owned).member }) },
  'PUT /api/team/seats': { body: (owned) => ({ user_ids: [inTeam(owned).member] }) },
  'GET /api/invitations/{token}': { answers: [404] },
  'POST /api/invitations/{token}/accept': { answers: [401, 404] },
} satisfies Record<string, Call>);

/** The record each path parameter names, from where it sits in the path. */
function pathValues(path: string, owned: Owned): Record<string, string | number> {
  const id = (() => {
    if (path.startsWith('/api/certificates/')) return owned.certificate;
    if (path.startsWith('/api/checklist-templates/')) return owned.template;
    if (path.startsWith('/api/cover-sheets/')) return owned.coverSheet;
    if (path.startsWith('/api/swms/')) return owned.swms;
    if (path.startsWith('/api/signing/documents/')) return owned.swms;
    if (path.startsWith('/api/signing/requests/')) return owned.signingRequest;
    if (path.startsWith('/api/files/')) return owned.file;
    if (path.startsWith('/api/api-tokens/')) return owned.apiToken;
    if (path.startsWith('/api/webhooks/deliveries/')) return owned.webhookDelivery;
    if (path.startsWith('/api/webhooks/')) return owned.webhook;
    if (path.startsWith('/api/admin/users/')) return owned.session.user.id;
    if (path.startsWith('/api/admin/contact-messages/')) return contactMessageId;
    if (path.startsWith('/api/verify/')) return owned.swms;
    return crypto.randomUUID();
  })();
  return {
    id,
    kind: path.startsWith('/api/profile/') ? 'logo' : 'swms',
    version: 1,
    token: 'x'.repeat(43),
  };
}

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value;

/** Every endpoint the contract declares, by `METHOD /openapi/{path}`. */
function contractEndpoints(): Map<string, Endpoint> {
  const found = new Map<string, Endpoint>();
  const add = (endpoint: Endpoint) => found.set(`${endpoint.method} ${openApiPath(endpoint.path)}`, endpoint);
  for (const value of Object.values(contract)) {
    if (isEndpoint(value)) add(value);
    else if (typeof value === 'object' && value !== null)
      for (const inner of Object.values(value)) if (isEndpoint(inner)) add(inner);
  }
  return found;
}

type Expectation = { statuses?: number[]; code?: string; label: string };
const ALLOWED: Expectation = { label: 'allowed (not 401/403/404 of isolation, never 5xx)' };

/** The answer `role` must get, from the endpoint's declaration. */
function expectationOf(endpoint: Endpoint | undefined, call: Call, role: Role): Expectation {
  const auth = endpoint?.auth ?? 'none';
  if (role === 'visitor' && (auth === 'required' || auth === 'admin')) return { statuses: [401], label: '401' };
  if (auth === 'admin') return role === 'admin' ? ALLOWED : { statuses: [403], code: 'forbidden', label: '403' };
  const permission = endpoint?.permission;
  if (role !== 'visitor' && permission && !roleMay(memberRoleOf(role), permission))
    return { statuses: [403], code: 'forbidden', label: `403 forbidden (${permission})` };
  if (role !== 'visitor' && call.refusedRoles?.roles.includes(memberRoleOf(role)))
    return { statuses: [403], code: 'forbidden', label: `403 forbidden (${call.refusedRoles.why})` };
  const namesRecord = endpoint?.notFound !== undefined || /\/:id\b/.test(endpoint?.path ?? '');
  const stranger = role !== 'free' && role !== 'premium';
  if (stranger && namesRecord && !call.public && !endpoint?.path.startsWith('/api/admin/'))
    return { statuses: [404], label: '404' };
  if (role === 'free' && endpoint?.errors.includes(errorCodes.premiumRequired) && !call.freeMayCall)
    return { statuses: [403], code: errorCodes.premiumRequired, label: '403 premium_required' };
  return ALLOWED;
}

const adminEmail = uniqueEmail('admin');
const { database, mail, app } = setUpTestApp({ settings: { adminEmails: [adminEmail.toLowerCase()] } });

let operations: Array<{ key: string; method: string; path: string; auth: string }>;
let sessions: Record<Exclude<Role, 'visitor'>, Session>;
let ownedBy: Record<Target, Owned>;
let contactMessageId: string;

const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();

/**
 * What `session` holds, made through the API. A member makes what their role may (ADR 0081); the
 * rest is named from `business`, their owner's, which is as much the business's record.
 */
async function ownerWith(
  session: Session,
  email: string,
  member?: { role: MemberRole; business: Owned },
): Promise<Owned> {
  const headers = bearer(session);
  const may = (permission: Parameters<typeof roleMay>[1]) => !member || roleMay(member.role, permission);
  const business = member?.business;
  const json = async (method: 'POST' | 'PUT', url: string, payload: unknown) => {
    const response = await app.inject({ method, url, headers, payload: payload as object });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  };
  const certificate = await createCompletedCertificate(app, session);
  const template =
    may('checklistTemplates.edit') || !business
      ? (await json('POST', '/api/checklist-templates', TEMPLATE)).id
      : business.template;
  const swms = (await createReadySwms(app, session)).id;
  const { id: coverSheet, body: coverSheetBody } =
    may('coverSheets.edit') || !business
      ? await json('POST', '/api/cover-sheets', {})
      : { id: business.coverSheet, body: business.coverSheetBody };
  const upload = multipartBody(await jpeg(), 'photo.jpg', 'image/jpeg');
  const photo = await app.inject({
    method: 'POST',
    url: '/api/certificates/photos',
    headers: { ...headers, ...upload.headers },
    payload: upload.payload,
  });
  expect(photo.statusCode, photo.body).toBe(201);
  const file = photo.json().id ?? photo.json().file_id;
  const signingRequest =
    may('signing.send') || !business
      ? (await json('POST', `/api/signing/documents/swms/${swms}/requests`, SIGNER())).signers[0].id
      : business.signingRequest;
  const apiToken =
    may('apiAccess.manage') || !business
      ? (await json('POST', '/api/api-tokens', { name: 'Owned', scope: 'read', expires_in_days: null })).token.id
      : business.apiToken;
  // Written directly: registration refuses loopback (the tests-only switch is off), and delivery would too.
  const webhook = (
    await database.db.$client.query(
      `insert into webhook_endpoints (business_id, user_id, url, events) select business_id, user_id, 'https://127.0.0.1/hook', '{certificate.issued}' from memberships where user_id = $1 returning id`,
      [session.user.id],
    )
  ).rows[0].id;
  const webhookDelivery = (
    await database.db.$client.query(
      `insert into webhook_deliveries (endpoint_id, event, body, status) values ($1, 'certificate.issued', '{}', 'failed') returning id`,
      [webhook],
    )
  ).rows[0].id;
  return {
    session,
    email,
    certificate,
    template,
    swms,
    coverSheet,
    coverSheetBody,
    file,
    signingRequest,
    apiToken,
    webhook,
    webhookDelivery,
  };
}

beforeAll(async () => {
  const freeEmail = uniqueEmail('free');
  const premiumEmail = uniqueEmail('premium');
  const officeEmail = uniqueEmail('office');
  const fieldEmail = uniqueEmail('field');
  const other = await registerConfirmedUser(app, mail);
  const premium = await registerConfirmedUser(app, mail, premiumEmail);
  sessions = {
    other,
    otherOffice: await addMember(app, mail, database.db, other, 'office'),
    otherField: await addMember(app, mail, database.db, other, 'field'),
    admin: await registerConfirmedUser(app, mail, adminEmail),
    free: await registerConfirmedUser(app, mail, freeEmail),
    premium,
  };
  const premiumOffice = await addMember(app, mail, database.db, premium, 'office', officeEmail);
  const premiumField = await addMember(app, mail, database.db, premium, 'field', fieldEmail);
  // Both owners hold a custom template (made while Premium); the free user's Premium then ends.
  // Everyone else is Premium too, so no Premium check stands before their 404.
  for (const session of [...Object.values(sessions), premiumOffice, premiumField])
    await grantPremium(database.db, session.user.id);
  const premiumOwned = await ownerWith(premium, premiumEmail);
  ownedBy = {
    free: await ownerWith(sessions.free, freeEmail),
    premium: premiumOwned,
    premiumOffice: await ownerWith(premiumOffice, officeEmail, { role: 'office', business: premiumOwned }),
    premiumField: await ownerWith(premiumField, fieldEmail, { role: 'field', business: premiumOwned }),
  };
  await grantPremium(database.db, sessions.free.user.id, new Date(Date.now() - 1000));
  const contact = await app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Visitor', email: uniqueEmail('contact'), message: 'A message for the admin.' },
  });
  expect(contact.statusCode, contact.body).toBeLessThan(300);
  contactMessageId = (await database.db.$client.query('select id from contact_messages limit 1')).rows[0].id;

  const document = (await app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      auth: operation.security?.length ? 'signed-in' : 'none',
    })),
  );
}, 120_000);

beforeAll(async () => {
  for (const owned of [ownedBy.free, ownedBy.premium]) {
    // Invited first: a waiting invitation holds the free plan's second seat (ADR 0077).
    const invited = await app.inject({
      method: 'POST',
      url: '/api/team/invitations',
      headers: bearer(owned.session),
      payload: { email: uniqueEmail('pending'), role: 'field' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const member = await addMember(app, mail, database.db, owned.session, 'field');
    teamOf.set(owned.session.user.id, { member: member.user.id, invitation: invited.json().id });
  }
  // Business B's team is its office and field members' too.
  for (const member of [ownedBy.premiumOffice, ownedBy.premiumField])
    teamOf.set(member.session.user.id, inTeam(ownedBy.premium));
}, 60_000);

/** Identifiers of a user's that no one else may be shown. */
const identifiersOf = (owned: Owned) => [
  owned.session.user.id,
  owned.email.toLowerCase(),
  owned.certificate,
  owned.template,
  owned.swms,
  owned.coverSheet,
  owned.file,
  owned.signingRequest,
  owned.apiToken,
  owned.webhook,
  owned.webhookDelivery,
];

describe('the isolation matrix', () => {
  it('has a way to call every operation of the OpenAPI document (add a new one to CALLS)', () => {
    const missing = operations.map((operation) => operation.key).filter((key) => !(key in CALLS));
    expect(missing, 'operations without a line in CALLS (reliability/isolation.test.ts)').toEqual([]);
    const stale = Object.keys(CALLS).filter((key) => !operations.some((operation) => operation.key === key));
    expect(stale, 'CALLS lines for operations that no longer exist').toEqual([]);
    expect(operations.length).toBeGreaterThan(80);
  });

  it("gives each member of business B, under made_by=me, their own records and no one else's", async () => {
    for (const name of BUSINESS_B) {
      const own = ownedBy[name];
      const others = [...BUSINESS_B.filter((other) => other !== name), 'free' as const].map((other) => ownedBy[other]);
      for (const [list, kind] of [
        ['/api/certificates', 'certificate'],
        ['/api/swms', 'swms'],
      ] as const) {
        const response = await app.inject({ url: `${list}?made_by=me`, headers: bearer(own.session) });
        expect(response.statusCode, `${list} as ${name}`).toBe(200);
        const { items } = response.json() as { items: Array<{ id: string; made_by: { user_id: string } | null }> };
        expect(items.map((item) => item.id)).toContain(own[kind]);
        expect(new Set(items.map((item) => item.made_by?.user_id))).toEqual(new Set([own.session.user.id]));
        for (const other of others) expect(items.map((item) => item.id)).not.toContain(other[kind]);
      }
    }
  });

  it('answers every operation × caller × target as its declaration says, with no leak and no 5xx', {
    timeout: 300_000,
  }, async (context) => {
    const endpoints = contractEndpoints();
    const failures: string[] = [];
    let checks = 0;
    let leaks = 0;
    let serverErrors = 0;
    const order = (key: string) => (CALLS[key]?.last ?? 0) * 2 + (key.startsWith('DELETE ') ? 1 : 0);
    const ordered = [...operations].sort((a, b) => order(a.key) - order(b.key));
    let address = 0;
    let planned = 0;
    for (const operation of ordered) {
      const call = CALLS[operation.key];
      if (!call) continue;
      const endpoint = endpoints.get(operation.key);
      // What ends a caller's session or Premium is called once per caller.
      const pairs = call.last
        ? PAIRS.filter(([role], index) => PAIRS.findIndex(([first]) => first === role) === index)
        : PAIRS;
      planned += pairs.length;
      for (const [role, targetName] of pairs) {
        const target = ownedBy[targetName];
        const caller = role === 'visitor' ? undefined : sessions[role];
        const expected: Expectation = call.answers
          ? { statuses: call.answers, label: call.answers.join(' or ') }
          : expectationOf(endpoint, call, role);
        const owner = role === 'free' || role === 'premium';
        // The disabled bundles' catch-all (`{*}`) takes any rest of the path.
        const contractPath = endpoint?.path ?? operation.path.replace('{*}', 'anything');
        const url = fillPath(contractPath, { ...pathValues(operation.path, target), ...call.params?.(target) });
        const headers: Record<string, string> = caller ? bearer(caller) : {};
        let payload: string | Buffer | undefined;
        if (endpoint && isMultipartUpload(endpoint.body)) {
          const upload = multipartBody(await jpeg(), 'photo.jpg', 'image/jpeg');
          Object.assign(headers, upload.headers);
          payload = upload.payload;
        } else if (call.body || (endpoint?.body && operation.method !== 'GET')) {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(call.body?.(target) ?? {});
        }
        address++;
        const response = await app.inject({
          method: operation.method as 'GET',
          url,
          headers,
          ...(payload !== undefined && { payload }),
          remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        });
        checks++;
        const status = response.statusCode;
        const where = `${operation.key} as ${role} on ${targetName}'s → ${status} (expected ${expected.label}) ${response.body.slice(0, 160)}`;
        if (status >= 500) {
          serverErrors++;
          failures.push(`5xx: ${where}`);
          continue;
        }
        const code = status >= 400 ? (response.json() as { error?: { code?: string } }).error?.code : undefined;
        if (expected.statuses) {
          if (status < 300) leaks++;
          if (!expected.statuses.includes(status) || (expected.code && code !== expected.code))
            failures.push(`${status < 300 ? 'LEAK' : 'unexpected'}: ${where}`);
        } else if (owner && call.owners?.statuses.includes(status)) {
          // Declared in CALLS with its reason.
        } else if (
          status === 401 ||
          (status === 403 && code === 'forbidden') ||
          (status === 404 && role !== 'visitor')
        ) {
          // An owner refused their own record, or a signed-in caller refused a route open to them.
          if (!(status === 404 && (call.public || !/\{id\}/.test(operation.path)))) failures.push(`refused: ${where}`);
        }
        // Another user's identifiers in a body: admins may see users on admin routes; links are public.
        const adminRoute = operation.path.startsWith('/api/admin/');
        if (status < 300 && !call.public && !(role === 'admin' && adminRoute)) {
          // The Premium user's business is theirs: its members' records may be theirs to see.
          const others = (
            role === 'free'
              ? BUSINESS_B.map((name) => ownedBy[name])
              : role === 'premium'
                ? [ownedBy.free]
                : Object.values(ownedBy)
          ).flatMap(identifiersOf);
          const body = response.body.toLowerCase();
          const shown = others.filter((identifier) => body.includes(identifier.toLowerCase()));
          if (shown.length > 0) {
            leaks++;
            failures.push(`LEAK of ${shown.join(', ')}: ${where}`);
          }
        }
      }
    }
    recordFigures(context, { isolationChecks: checks, leaks, serverErrors });
    expect(failures).toEqual([]);
    expect(checks).toBe(planned);
    // Every operation × each of business A's three × each of business B's three, at the least.
    expect(planned).toBeGreaterThan(operations.length * BUSINESS_A.length * BUSINESS_B.length);
  });
});
