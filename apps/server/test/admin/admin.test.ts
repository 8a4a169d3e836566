import { randomUUID } from 'node:crypto';
import * as contract from '@app/contract';
import {
  ADMIN_SEARCH_MAX_LENGTH,
  type AdminUser,
  type AdminUserPage,
  type Endpoint,
  fillPath,
  type Session,
} from '@app/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/platform/audit/audit-trail.ts';
import { entitlements } from '../../src/platform/entitlements/entitlements.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser, uniqueEmail } from '../support/auth-helpers.ts';
import { completedCertificateBody, patchCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { uploadFile } from '../support/multipart.ts';
import { errorOf } from '../support/responses.ts';
import { registeredRoutes } from '../support/routes.ts';
import { businessIdOf } from '../support/teams.ts';

let admin: Session;
let member: Session;

const adminEmail = uniqueEmail('admin');

const { app, mail, database } = setUpTestApp({ settings: { adminEmails: [adminEmail.toLowerCase()] } });

beforeAll(async () => {
  admin = await registerConfirmedUser(app, mail, adminEmail);
  member = await registerConfirmedUser(app, mail);
});

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'auth' in value;

/** Every endpoint the contract declares `auth: 'admin'`, found in its exports: a new one is covered at once. */
const adminOnlyEndpoints: Endpoint[] = Object.values(contract)
  .flatMap((group) => (typeof group === 'object' && group !== null ? Object.values(group) : []))
  .filter(isEndpoint)
  .filter((endpoint) => endpoint.auth === 'admin');

const callAs = (endpoint: Endpoint, session?: Session) =>
  app.inject({
    method: endpoint.method,
    url: fillPath(
      endpoint.path,
      Object.fromEntries(endpoint.path.match(/:\w+/g)?.map((name) => [name.slice(1), randomUUID()]) ?? []),
    ),
    headers: session ? bearer(session) : {},
    ...(endpoint.method === 'GET' ? {} : { payload: {} }),
  });

const get = <T>(url: string, session: Session = admin) =>
  app.inject({ url, headers: bearer(session) }).then((response) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  });

const changePremium = (action: 'grant' | 'revoke', userId: string, payload: object, session: Session = admin) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/users/${userId}/premium/${action}`,
    headers: bearer(session),
    payload,
  });

const userRow = async (session: Session) => {
  const page = await get<AdminUserPage>(`/api/admin/users?q=${encodeURIComponent(session.user.email)}`);
  expect(page.users).toHaveLength(1);
  return page.users[0] as AdminUser;
};

describe('who may use the admin API', () => {
  it('finds the admin endpoints in the contract, every one of them registered', () => {
    expect(adminOnlyEndpoints.length).toBeGreaterThanOrEqual(6);
    const registered = new Set(registeredRoutes(app).map(({ method, url }) => `${method} ${url}`));
    for (const endpoint of adminOnlyEndpoints) expect(registered).toContain(`${endpoint.method} ${endpoint.path}`);
  });

  it('answers 401 to a visitor and 403 forbidden to a signed-in user who is not an admin, on every admin endpoint', async () => {
    for (const endpoint of adminOnlyEndpoints) {
      const visitor = await callAs(endpoint);
      expect(visitor.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(401);
      const notAdmin = await callAs(endpoint, member);
      expect(notAdmin.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(403);
      expect(errorOf(notAdmin)).toEqual({ code: 'forbidden', message: 'You are not authorised to do this.' });
      // The admin gets past the guard (a 404 for a made-up id, a 400 for an empty body, or the answer).
      expect([401, 403]).not.toContain((await callAs(endpoint, admin)).statusCode);
    }
  });

  it('tells the page whether the caller is an admin; a visitor gets 401', async () => {
    expect(await get('/api/admin/access', admin)).toEqual({ is_admin: true });
    expect(await get('/api/admin/access', member)).toEqual({ is_admin: false });
    expect((await app.inject({ url: '/api/admin/access' })).statusCode).toBe(401);
  });
});

describe('users', () => {
  it('lists a user with their tier, certificates this month, sign-up and last sign-in', async () => {
    const user = await registerConfirmedUser(app, mail, uniqueEmail('listed'));
    await app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: bearer(user),
      payload: { company_name: 'Wet 100% Dry_Co' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: bearer(user),
      payload: completedCertificateBody(user),
    });
    const row = await userRow(user);
    expect(row).toMatchObject({
      id: user.user.id,
      email: user.user.email,
      company_name: 'Wet 100% Dry_Co',
      tier: 'free',
      complimentary: false,
      certificates_this_month: 1,
    });
    expect(Date.parse(row.created_at)).not.toBeNaN();
    expect(Date.parse(row.last_sign_in_at ?? '')).toBeGreaterThanOrEqual(Date.parse(row.created_at));

    // By company, case-insensitively; % and _ are literal characters, not patterns.
    const byCompany = await get<AdminUserPage>(`/api/admin/users?q=${encodeURIComponent('100% DRY_')}`);
    expect(byCompany.users.map((listed) => listed.id)).toEqual([user.user.id]);
    expect((await get<AdminUserPage>(`/api/admin/users?q=${encodeURIComponent('0%_')}`)).users).toEqual([]);
  });

  it('is bounded: 25 a page unless asked, newest first, paged by cursor, a limited search and limit', async () => {
    for (let index = 0; index < 26; index++) {
      await database.db.$client.query('insert into users (email) values ($1)', [uniqueEmail('bulk')]);
    }
    const first = await get<AdminUserPage>('/api/admin/users?q=bulk-');
    expect(first.users).toHaveLength(25);
    expect(first.next_cursor).toEqual(expect.any(String));
    const created = first.users.map((user) => user.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const second = await get<AdminUserPage>(`/api/admin/users?q=bulk-&cursor=${first.next_cursor}`);
    expect(second.next_cursor).toBeNull();
    expect(second.users).toHaveLength(1);
    expect(first.users.map((user) => user.id)).not.toContain(second.users[0]?.id);

    // Ten at a time: three pages, every user once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AdminUserPage = await get<AdminUserPage>(
        `/api/admin/users?q=bulk-&limit=10${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.users.map((user) => user.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(26);
    expect(new Set(seen).size).toBe(26);

    const tooLong = await app.inject({
      url: `/api/admin/users?q=${'a'.repeat(ADMIN_SEARCH_MAX_LENGTH + 1)}`,
      headers: bearer(admin),
    });
    expect(tooLong.statusCode).toBe(400);
    for (const query of ['limit=0', 'limit=101', 'limit=two', 'cursor=forged']) {
      expect((await app.inject({ url: `/api/admin/users?${query}`, headers: bearer(admin) })).statusCode).toBe(400);
    }
  });
});

describe('complimentary Premium', () => {
  it('needs a reason; granted, the user may edit certificates; revoked, not; both are in the audit log', async () => {
    const user = await registerConfirmedUser(app, mail, uniqueEmail('comp'));
    // Issued, so only Premium may edit it (a free user's working draft is theirs to edit: ADR 0069).
    const issued = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: bearer(user),
      payload: completedCertificateBody(user),
    });
    const edit = () => patchCertificate(app, user, issued.json().id, { areas: 'Laundry' });
    expect((await edit()).statusCode).toBe(403);

    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const refused = await changePremium('grant', user.user.id, payload);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).details?.map((issue) => issue.path)).toEqual(['reason']);
    }

    const granted = await changePremium('grant', user.user.id, { reason: 'Beta tester' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ id: user.user.id, tier: 'premium', complimentary: true });
    expect((await edit()).statusCode).toBe(200);
    // Granting again changes nothing and records nothing.
    expect((await changePremium('grant', user.user.id, { reason: 'again' })).json().complimentary).toBe(true);

    const revoked = await changePremium('revoke', user.user.id, { reason: 'Beta over' });
    expect(revoked.json()).toMatchObject({ tier: 'free', complimentary: false });
    expect((await edit()).statusCode).toBe(403);

    const events = await audit.forSubject(database.db, { kind: 'user', id: user.user.id });
    expect(events.map(({ type, data, actor }) => ({ type, data, actor }))).toEqual([
      {
        type: 'premium.granted',
        data: { source: 'admin', until: null, reason: 'Beta tester' },
        actor: { kind: 'user', userId: admin.user.id },
      },
      {
        type: 'premium.revoked',
        data: { source: 'admin', reason: 'Beta over' },
        actor: { kind: 'user', userId: admin.user.id },
      },
    ]);
    expect(events[0]?.origin?.ip).toBe('127.0.0.1');
  });

  it('stands apart from a paid subscription: revoking it leaves the paid one, and billing never ends it', async () => {
    const paid = await registerConfirmedUser(app, mail, uniqueEmail('paid'));
    await changePremium('grant', paid.user.id, { reason: 'Goodwill' });
    // They subscribe while the grant stands.
    await grantPremium(database.db, paid.user.id);
    const revoked = await changePremium('revoke', paid.user.id, { reason: 'Goodwill over' });
    expect(revoked.json()).toMatchObject({ tier: 'premium', complimentary: false });
    expect(
      (await entitlements.of(database.db, await businessIdOf(database.db, paid.user.id), new Date())).premium,
    ).toBe(true);

    await entitlements.setSubscription(database.db, await businessIdOf(database.db, paid.user.id), {
      subscribed: false,
      tier: 'free',
      end: null,
      provider: 'test',
    });
    await changePremium('grant', paid.user.id, { reason: 'Goodwill again' });
    await entitlements.setSubscription(database.db, await businessIdOf(database.db, paid.user.id), {
      subscribed: false,
      tier: 'free',
      end: null,
      provider: 'test',
    });
    expect(
      (await entitlements.of(database.db, await businessIdOf(database.db, paid.user.id), new Date())).premium,
    ).toBe(true);
  });

  it('refuses to grant Premium to a user who pays for it, and records nothing', async () => {
    const paid = await registerConfirmedUser(app, mail, uniqueEmail('paying'));
    await grantPremium(database.db, paid.user.id);
    const refused = await changePremium('grant', paid.user.id, { reason: 'Goodwill' });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: 'conflict', message: contract.PAID_PREMIUM_GRANT_MESSAGE });
    const listed = await get<AdminUserPage>(`/api/admin/users?q=${encodeURIComponent(paid.user.email)}`);
    expect(listed.users).toMatchObject([{ id: paid.user.id, tier: 'premium', complimentary: false }]);
    const events = await audit.forSubject(database.db, { kind: 'user', id: paid.user.id });
    expect(events.filter((event) => event.type.startsWith('premium.'))).toEqual([]);

    // Once the subscription has lapsed, there is something to grant again.
    await grantPremium(database.db, paid.user.id, new Date(Date.now() - 1000));
    expect((await changePremium('grant', paid.user.id, { reason: 'Goodwill' })).statusCode).toBe(200);
  });

  it('answers 404 for a user that does not exist, and 400 for an id that is not one', async () => {
    const missing = await changePremium('grant', randomUUID(), { reason: 'nobody' });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).code).toBe('not_found');
    expect((await changePremium('revoke', 'not-a-uuid', { reason: 'x' })).statusCode).toBe(400);
  });
});

describe('contact messages', () => {
  it('lists them newest first and marks one handled, once', async () => {
    for (const name of ['First', 'Second']) {
      const sent = await app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name, email: 'asker@example.com', message: `Message from ${name}` },
      });
      expect(sent.statusCode).toBe(201);
    }
    const page = await get<{ messages: Array<{ id: string; name: string; handled_at: string | null }> }>(
      '/api/admin/contact-messages',
    );
    expect(page.messages.slice(0, 2).map((message) => message.name)).toEqual(['Second', 'First']);
    const [newest] = page.messages;
    if (!newest) throw new Error('no message');
    expect(newest.handled_at).toBeNull();

    const handled = await app.inject({
      method: 'POST',
      url: `/api/admin/contact-messages/${newest.id}/handled`,
      headers: bearer(admin),
    });
    expect(handled.statusCode).toBe(200);
    const handledAt = handled.json().handled_at;
    expect(handledAt).not.toBeNull();
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/contact-messages/${newest.id}/handled`,
      headers: bearer(admin),
    });
    expect(again.json().handled_at).toBe(handledAt);

    const unknown = await app.inject({
      method: 'POST',
      url: `/api/admin/contact-messages/${randomUUID()}/handled`,
      headers: bearer(admin),
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/admin/contact-messages/not-a-uuid/handled',
      headers: bearer(admin),
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('monthly chart', () => {
  it('gives 12 months, oldest first, ending with this one, with its sign-ups and certificates', async () => {
    const { months } = await get<{ months: Array<{ month: string; signups: number; certificates: number }> }>(
      '/api/admin/stats/monthly',
    );
    expect(months).toHaveLength(12);
    expect([...months.map((month) => month.month)].sort()).toEqual(months.map((month) => month.month));
    const thisMonth = months.at(-1);
    expect(thisMonth?.month).toBe(contract.monthKey(new Date(), contract.DEFAULT_TIME_ZONE));
    expect(thisMonth?.signups).toBeGreaterThanOrEqual(2);
    expect(thisMonth?.certificates).toBeGreaterThanOrEqual(1);
  });
});

describe("an admin and other users' documents", () => {
  it("cannot read another user's certificate, draft, photos or PDF: no admin endpoint reaches them", async () => {
    const owner = await registerConfirmedUser(app, mail, uniqueEmail('owner'));
    await grantPremium(database.db, owner.user.id);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8899aa' } })
      .jpeg()
      .toBuffer();
    const photo = (
      await uploadFile(app, owner, { method: 'POST', url: '/api/certificates/photos' }, jpeg, { filename: 'a.jpg' })
    ).json().file_id as string;
    const draft = (
      await app.inject({
        method: 'POST',
        url: '/api/certificates',
        headers: bearer(owner),
        payload: completedCertificateBody(owner, { status: 'draft', photos: [{ file_id: photo, caption: 'x' }] }),
      })
    ).json().id as string;

    for (const url of [
      `/api/certificates/${draft}`,
      `/api/certificates/${draft}/pdf`,
      `/api/files/${photo}`,
      `/api/files/${photo}/thumbnail`,
    ]) {
      expect((await app.inject({ url, headers: bearer(admin) })).statusCode, url).toBe(404);
    }
    // Premium, so the premium check does not answer first: the certificate is simply not theirs.
    await grantPremium(database.db, admin.user.id);
    const edit = await patchCertificate(app, admin, draft, { areas: 'admin was here' });
    expect(edit.statusCode).toBe(404);
    expect((await app.inject({ url: '/api/gallery', headers: bearer(admin) })).json().photos).toEqual([]);
  });
});
