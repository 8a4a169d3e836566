import {
  API_TOKENS_PER_BUSINESS,
  apiAccessMessages,
  type CustomTemplate,
  type Session,
  type WaitingSignatures,
} from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { createCompletedCertificate } from '../support/certificates.ts';
import { balconyTemplate } from '../support/checklist-templates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { errorOf } from '../support/responses.ts';
import { signByEmail } from '../support/signing.ts';
import { addMember, businessIdOf } from '../support/teams.ts';

/*
 * Signing, custom templates, webhooks and the plan belong to the business (ADR 0077, slice 3): what
 * one member makes, the others see and act on; nobody outside the business does.
 */
const { database, mail, app, query } = setUpTestApp();

let owner: Session;
let office: Session;
let outsider: Session;

const call = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(session), ...(payload && { payload }) });

beforeAll(async () => {
  owner = await registerConfirmedUser(app, mail);
  office = await addMember(app, mail, database.db, owner, 'office');
  outsider = await registerConfirmedUser(app, mail);
  await grantPremium(database.db, owner.user.id);
  // The outsider pays too: what they cannot reach is not a matter of the plan.
  await grantPremium(database.db, outsider.user.id);
});

describe("a business's plan", () => {
  it("is its members': the owner's Premium is the office member's, and no one else's", async () => {
    const freeOne = await registerConfirmedUser(app, mail);
    for (const [session, tier] of [
      [office, 'premium'],
      [owner, 'premium'],
      [freeOne, 'free'],
    ] as const) {
      expect((await call(session, 'GET', '/api/profile')).json()).toMatchObject({ subscription_tier: tier });
      // Billing is the owner's alone (PRODUCT.md, Teams): the office member sees the plan in the profile.
      if (session !== office) {
        expect((await call(session, 'GET', '/api/billing/subscription')).json()).toMatchObject({ tier });
      }
    }
    // One record, the business's: the office member has none of their own.
    const { rows } = await query('select business_id, user_id from subscribers where business_id = $1', [
      await businessIdOf(database.db, office.user.id),
    ]);
    expect(rows).toEqual([{ business_id: await businessIdOf(database.db, owner.user.id), user_id: owner.user.id }]);
  });
});

describe("a business's custom checklist templates", () => {
  it('are made by one member, read, changed and deleted by another, and not found by anyone else', async () => {
    const made = await call(office, 'POST', '/api/checklist-templates', balconyTemplate('Office procedure'));
    expect(made.statusCode).toBe(201);
    const template = made.json<CustomTemplate>();
    const url = `/api/checklist-templates/${template.id}`;

    const listed = (await call(owner, 'GET', '/api/checklist-templates')).json<{ templates: CustomTemplate[] }>();
    expect(listed.templates.map((listedTemplate) => listedTemplate.id)).toContain(template.id);
    expect((await call(owner, 'GET', url)).json()).toEqual(template);
    expect((await call(owner, 'PUT', url, balconyTemplate('Owner procedure'))).statusCode).toBe(200);
    expect((await call(office, 'GET', url)).json()).toMatchObject({ name: 'Owner procedure' });

    expect((await call(outsider, 'GET', url)).statusCode).toBe(404);
    expect((await call(outsider, 'PUT', url, balconyTemplate('Stolen'))).statusCode).toBe(404);
    expect((await call(outsider, 'DELETE', url)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', '/api/checklist-templates')).json()).toEqual({ templates: [] });
    expect((await call(office, 'GET', url)).json()).toMatchObject({ name: 'Owner procedure' });

    expect((await call(owner, 'DELETE', url)).statusCode).toBe(200);
    expect((await call(office, 'GET', url)).statusCode).toBe(404);
  });
});

describe("a business's signing requests", () => {
  it('are sent by one member, listed and revoked by another, and not found by anyone else', async () => {
    const certificate = await createCompletedCertificate(app, owner);
    const sent = await call(owner, 'POST', `/api/signing/documents/certificate/${certificate}/requests`, {
      signers: [{ name: 'Ana', email: 'ana@builder.test' }],
    });
    expect(sent.statusCode).toBe(201);
    const [request] = sent.json<{ signers: Array<{ id: string }> }>().signers;
    if (!request) throw new Error('send answered no signers');

    const waitingOf = async (session: Session) =>
      (await call(session, 'GET', '/api/signing/waiting')).json<WaitingSignatures>();
    expect((await waitingOf(office)).items.map((item) => item.request_id)).toEqual([request.id]);
    expect(await waitingOf(outsider)).toEqual({ items: [], total: 0 });

    expect((await call(outsider, 'POST', `/api/signing/requests/${request.id}/revoke`)).statusCode).toBe(404);
    expect((await call(outsider, 'POST', `/api/signing/requests/${request.id}/resend`)).statusCode).toBe(404);
    expect((await call(office, 'POST', `/api/signing/requests/${request.id}/revoke`)).statusCode).toBe(200);
    expect((await waitingOf(owner)).items).toEqual([]);

    // The trail names who did it and, from now on, their business.
    const { rows } = await query(
      `select type, actor_user_id, business_id from audit_events where data->>'signerId' = $1 order by occurred_at`,
      [request.id],
    );
    const businessId = await businessIdOf(database.db, owner.user.id);
    expect(rows).toEqual([
      { type: 'signing.sent', actor_user_id: owner.user.id, business_id: businessId },
      { type: 'signing.revoked', actor_user_id: office.user.id, business_id: businessId },
    ]);
  });
});

describe("a business's webhook endpoints", () => {
  it("hear of every member's records, and no other business's", async () => {
    // Registered by SQL at an address deliveries refuse: only what is queued for whom is under test.
    const endpointOf = async (session: Session) =>
      (
        await query(
          `insert into webhook_endpoints (business_id, user_id, url, events)
           values ($1, $2, 'https://127.0.0.1/hooks', '{certificate.issued,document.signed}') returning id`,
          [await businessIdOf(database.db, session.user.id), session.user.id],
        )
      ).rows[0].id as string;
    const ownersEndpoint = await endpointOf(owner);
    const outsidersEndpoint = await endpointOf(outsider);

    const certificate = await createCompletedCertificate(app, office);
    await signByEmail(app, mail, office, 'certificate', certificate);
    // The news goes to the member who sent it.
    const news = await mail.nextMailTo(office.user.email);
    expect(/^Subject: (.*)$/m.exec(news.text)?.[1]).toMatch(/^Everyone has signed /);

    const eventsTo = async (endpointId: string) =>
      (
        await query('select event, body from webhook_deliveries where endpoint_id = $1 order by created_at', [
          endpointId,
        ])
      ).rows.map((row) => ({ event: row.event, about: JSON.parse(row.body).data }));
    expect(await eventsTo(ownersEndpoint)).toEqual([
      { event: 'certificate.issued', about: expect.objectContaining({ certificate_id: certificate }) },
      { event: 'document.signed', about: expect.objectContaining({ document_id: certificate }) },
    ]);
    expect(await eventsTo(outsidersEndpoint)).toEqual([]);
  });
});

describe("a business's API tokens", () => {
  it('count against one limit for all its members, and act for the business only while their holder is in it', async () => {
    const business = await registerConfirmedUser(app, mail);
    const member = await addMember(app, mail, database.db, business, 'office');
    await grantPremium(database.db, business.user.id);
    const create = (session: Session, name: string) =>
      call(session, 'POST', '/api/api-tokens', { name, scope: 'read', expires_in_days: null });
    // Only the owner makes tokens (PRODUCT.md, Teams); one handed to the office member by SQL acts as them.
    const made = await create(business, "Office's sync");
    expect(made.statusCode).toBe(201);
    const { secret, token } = made.json<{ secret: string; token: { id: string } }>();
    await query('update api_tokens set user_id = $2 where id = $1', [token.id, member.user.id]);
    await query(
      `insert into api_tokens (business_id, user_id, name, scope, token_hash, hint)
       select business_id, user_id, 'Owner ' || n, 'read', md5(random()::text), 'abcdef'
       from memberships, generate_series(2, $2::int) n where user_id = $1`,
      [business.user.id, API_TOKENS_PER_BUSINESS],
    );
    expect((await call(business, 'GET', '/api/api-tokens')).json().tokens).toHaveLength(API_TOKENS_PER_BUSINESS);
    const over = await create(business, 'One too many');
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).message).toBe(apiAccessMessages.tokenLimit);
    expect((await create(outsider, 'Their own')).statusCode).toBe(201);

    const asToken = () => app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${secret}` } });
    expect((await asToken()).statusCode).toBe(200);
    // The holder moved to another business: the token never acts for either.
    await query(
      `update memberships set business_id = (select business_id from memberships where user_id = $2)
       where user_id = $1`,
      [member.user.id, outsider.user.id],
    );
    expect((await asToken()).statusCode).toBe(401);
  });
});
