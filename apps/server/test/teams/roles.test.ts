import { apiAccessMessages, FORBIDDEN_MESSAGE, type Profile, type Session } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody, createCompletedCertificate, patchCertificate } from '../support/certificates.ts';
import { balconyTemplate } from '../support/checklist-templates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { errorOf } from '../support/responses.ts';
import { createReadySwms } from '../support/swms.ts';
import { addMember } from '../support/teams.ts';

/**
 * Roles enforced on the server (ADR 0077, ADR 0081): each endpoint's permission is checked before its
 * handler, the record's own rules in the services, with one answer: 403 `forbidden`. An API token
 * acts with its maker's role.
 */

const { database, mail, app, query } = setUpTestApp();

const FORBIDDEN = { code: 'forbidden', message: FORBIDDEN_MESSAGE };

let owner: Session;
let office: Session;
let field: Session;

beforeAll(async () => {
  owner = await registerConfirmedUser(app, mail);
  office = await addMember(app, mail, database.db, owner, 'office');
  field = await addMember(app, mail, database.db, owner, 'field');
  // Premium is still each account's until billing is the business's: every plan check passes here.
  for (const session of [owner, office, field]) await grantPremium(database.db, session.user.id);
}, 60_000);

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object };

const call = (session: Session | { authorization: string }, { method, url, payload }: Call) =>
  app.inject({
    method,
    url,
    headers: 'authorization' in session ? session : bearer(session),
    ...(payload && { payload }),
  });

const BILLING: Call[] = [
  { method: 'GET', url: '/api/billing/subscription' },
  { method: 'POST', url: '/api/billing/checkout', payload: { interval: 'month' } },
  { method: 'POST', url: '/api/billing/portal', payload: {} },
];
const API_ACCESS: Call[] = [
  { method: 'GET', url: '/api/api-tokens' },
  { method: 'POST', url: '/api/api-tokens', payload: { name: 'Roles', scope: 'read', expires_in_days: 30 } },
  { method: 'GET', url: '/api/webhooks' },
  { method: 'POST', url: '/api/webhooks', payload: { url: 'https://127.0.0.1/hook', events: ['certificate.issued'] } },
];

describe('the role check before the handler', () => {
  it('refuses billing, API tokens and webhooks to a field member, and billing and tokens to the office', async () => {
    for (const operation of [...BILLING, ...API_ACCESS]) {
      for (const member of [field, office]) {
        const refused = await call(member, operation);
        expect(refused.statusCode, `${operation.method} ${operation.url}`).toBe(403);
        expect(errorOf(refused)).toEqual(FORBIDDEN);
      }
    }
  });

  it('lets the owner through to the same handlers', async () => {
    for (const operation of [...BILLING, ...API_ACCESS]) {
      const answered = await call(owner, operation);
      expect(answered.statusCode, `${operation.method} ${operation.url}: ${answered.body}`).toBeLessThan(500);
      if (answered.statusCode === 403) expect(errorOf(answered).code).not.toBe('forbidden');
    }
    expect((await call(owner, API_ACCESS[0] as Call)).statusCode).toBe(200);
  });

  it('refuses the field member before the body or the record is looked at: still 403, not 400 or 404', async () => {
    for (const operation of [
      { method: 'POST', url: '/api/api-tokens', payload: { name: 7 } },
      { method: 'DELETE', url: '/api/api-tokens/not-a-uuid' },
      { method: 'DELETE', url: `/api/webhooks/${crypto.randomUUID()}` },
    ] as const) {
      const refused = await call(field, operation);
      expect(refused.statusCode, operation.url).toBe(403);
      expect(errorOf(refused)).toEqual(FORBIDDEN);
    }
  });

  it('lets the field member read cover sheets and make SWMS, but not make cover sheets, templates or send for signing', async () => {
    expect((await call(field, { method: 'GET', url: '/api/cover-sheets' })).statusCode).toBe(200);
    const swms = await createReadySwms(app, field);
    for (const operation of [
      { method: 'POST', url: '/api/cover-sheets', payload: {} },
      { method: 'POST', url: '/api/checklist-templates', payload: balconyTemplate() },
      {
        method: 'POST',
        url: `/api/signing/documents/swms/${swms.id}/requests`,
        payload: { signers: [{ name: 'Casey Crew', email: 'casey@example.com' }] },
      },
    ] as const) {
      const refused = await call(field, operation);
      expect(refused.statusCode, operation.url).toBe(403);
      expect(errorOf(refused)).toEqual(FORBIDDEN);
    }
    expect((await call(office, { method: 'POST', url: '/api/cover-sheets', payload: {} })).statusCode).toBe(201);
    expect(
      (await call(office, { method: 'POST', url: '/api/checklist-templates', payload: balconyTemplate() })).statusCode,
    ).toBe(201);
  });
});

describe('the rules that depend on the record', () => {
  it('let a field member complete a certificate, but not amend or delete it once issued; the office may', async () => {
    const issued = await createCompletedCertificate(app, field);
    const amended = await patchCertificate(app, field, issued, { areas: 'Laundry', amendment_reason: 'Typo' });
    expect(amended.statusCode).toBe(403);
    expect(errorOf(amended)).toEqual(FORBIDDEN);
    const deleted = await call(field, { method: 'DELETE', url: `/api/certificates/${issued}` });
    expect(deleted.statusCode).toBe(403);
    expect(errorOf(deleted)).toEqual(FORBIDDEN);
    const kept = await call(field, { method: 'GET', url: `/api/certificates/${issued}` });
    expect(kept.json()).toMatchObject({ status: 'completed', version: 1, areas: 'Ensuite' });

    const draft = await call(field, {
      method: 'POST',
      url: '/api/certificates',
      payload: { user_id: field.user.id, status: 'draft', job_site_address: '3 Crew St' },
    });
    expect(draft.statusCode).toBe(201);
    const { id: draftId } = draft.json() as { id: string };
    expect((await patchCertificate(app, field, draftId, { areas: 'Bathroom' })).statusCode).toBe(200);
    expect((await call(field, { method: 'DELETE', url: `/api/certificates/${draftId}` })).statusCode).toBe(200);

    const officeIssued = await createCompletedCertificate(app, office);
    const officeAmended = await patchCertificate(app, office, officeIssued, {
      areas: 'Laundry',
      amendment_reason: 'Typo',
    });
    expect(officeAmended.statusCode, officeAmended.body).toBe(200);
  });

  it('let the owner edit the company, the office only its common materials, and everyone their own name', async () => {
    const current = (await call(field, { method: 'GET', url: '/api/profile' })).json() as Profile;
    // The profile form sends the whole page: the company as it is, with the member's own name changed.
    const ownName = await call(field, {
      method: 'PATCH',
      url: '/api/profile',
      payload: {
        company_name: current.company_name,
        common_materials: current.common_materials,
        time_zone: current.time_zone,
        applicator_name: 'Fran Field',
      },
    });
    expect(ownName.statusCode, ownName.body).toBe(200);
    expect(ownName.json()).toMatchObject({ applicator_name: 'Fran Field', company_name: current.company_name });

    const refusals: Array<[Session, object]> = [
      [field, { company_name: 'Field Pty Ltd' }],
      [field, { common_materials: ['Field membrane'] }],
      [office, { company_address: '9 Office St, Sydney NSW 2000' }],
      [office, { time_zone: 'Australia/Perth' }],
    ];
    for (const [member, payload] of refusals) {
      const refused = await call(member, { method: 'PATCH', url: '/api/profile', payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
      expect(errorOf(refused)).toEqual(FORBIDDEN);
    }
    const materials = await call(office, {
      method: 'PATCH',
      url: '/api/profile',
      payload: { common_materials: ['Ardex WPM 300'] },
    });
    expect(materials.statusCode, materials.body).toBe(200);
    const company = await call(owner, {
      method: 'PATCH',
      url: '/api/profile',
      payload: { company_name: 'Owner Pty Ltd' },
    });
    expect(company.statusCode).toBe(200);
    expect((await call(field, { method: 'GET', url: '/api/profile' })).json()).toMatchObject({
      company_name: 'Owner Pty Ltd',
      common_materials: ['Ardex WPM 300'],
    });

    const logo = await call(office, { method: 'DELETE', url: '/api/profile/logo' });
    expect(logo.statusCode).toBe(403);
    expect(errorOf(logo)).toEqual(FORBIDDEN);
    expect((await call(owner, { method: 'DELETE', url: '/api/profile/logo' })).statusCode).toBe(200);
  });
});

describe('an API token of a field member', () => {
  /** A token made by the owner (only the owner makes tokens), handed to the field member as its maker by SQL. */
  async function fieldToken(scope: 'read' | 'read_write') {
    const made = await call(owner, {
      method: 'POST',
      url: '/api/api-tokens',
      payload: { name: `Field ${scope}`, scope, expires_in_days: 30 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { token, secret } = made.json() as { token: { id: string }; secret: string };
    await query('update api_tokens set user_id = $1 where id = $2', [field.user.id, token.id]);
    return { authorization: `Bearer ${secret}` };
  }

  it('reads what the field member reads, and cannot do what the field member cannot', async () => {
    const reader = await fieldToken('read');
    expect((await call(reader, { method: 'GET', url: '/api/certificates' })).statusCode).toBe(200);
    const readOnly = await call(reader, { method: 'POST', url: '/api/cover-sheets', payload: {} });
    expect(readOnly.statusCode).toBe(403);
    expect(errorOf(readOnly)).toEqual({ code: 'forbidden', message: apiAccessMessages.tokenReadOnly });

    const writer = await fieldToken('read_write');
    const coverSheet = await call(writer, { method: 'POST', url: '/api/cover-sheets', payload: {} });
    expect(coverSheet.statusCode).toBe(403);
    expect(errorOf(coverSheet)).toEqual(FORBIDDEN);
    const created = await call(writer, {
      method: 'POST',
      url: '/api/certificates',
      payload: completedCertificateBody(field),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, revision } = created.json() as { id: string; revision: number };
    const amended = await call(writer, {
      method: 'PATCH',
      url: `/api/certificates/${id}`,
      payload: { revision, areas: 'Laundry', amendment_reason: 'By token' },
    });
    expect(amended.statusCode).toBe(403);
    expect(errorOf(amended)).toEqual(FORBIDDEN);
  });
});
