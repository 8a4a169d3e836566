import type { AdminBusiness, AdminBusinessPage, Session } from '@app/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser, uniqueEmail } from '../support/auth-helpers.ts';
import { errorOf } from '../support/responses.ts';
import { addMember, businessIdOf, ownerOfNamedBusiness } from '../support/teams.ts';

/* ADR 0077, slice 8: the admin lists businesses, each with its owner, member count and plan. */
const adminEmail = uniqueEmail('admin');
const { app, mail, database, query } = setUpTestApp({ settings: { adminEmails: [adminEmail.toLowerCase()] } });

let admin: Session;
beforeAll(async () => {
  admin = await registerConfirmedUser(app, mail, adminEmail);
});

const page = async (query = '', session: Session = admin) => {
  const response = await app.inject({ url: `/api/admin/businesses${query}`, headers: bearer(session) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminBusinessPage;
};

/** Every business, page by page, newest first: as many pages as it takes, and no more than 100. */
async function allBusinesses(limit: number): Promise<AdminBusiness[]> {
  const seen: AdminBusiness[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const next: AdminBusinessPage = await page(`?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    seen.push(...next.businesses);
    cursor = next.next_cursor;
    if (!cursor) return seen;
  }
  throw new Error('more than 100 pages of businesses');
}

describe('the admin’s list of businesses', () => {
  it('lists each business once with its name, owner, member count and plan, newest first, a page at a time', async () => {
    const { owner, businessId } = await ownerOfNamedBusiness(app, mail, database.db, 'Harbour Waterproofing Pty Ltd');
    await addMember(app, mail, database.db, owner, 'office');
    await addMember(app, mail, database.db, owner, 'field');
    const solo = await registerConfirmedUser(app, mail);
    const soloBusiness = await businessIdOf(database.db, solo.user.id);

    const businesses = await allBusinesses(2);
    expect(new Set(businesses.map((business) => business.id)).size).toBe(businesses.length);
    const created = businesses.map((business) => business.created_at);
    expect(created).toEqual([...created].sort().reverse());
    expect(businesses.find((business) => business.id === businessId)).toEqual({
      id: businessId,
      name: 'Harbour Waterproofing Pty Ltd',
      owner_email: owner.user.email,
      member_count: 3,
      tier: 'free',
      created_at: expect.any(String),
    });
    expect(businesses.find((business) => business.id === soloBusiness)).toMatchObject({
      owner_email: solo.user.email,
      member_count: 1,
    });
    // Everyone is in exactly one business: the members counted are every account there is.
    const accounts = businesses.reduce((sum, business) => sum + business.member_count, 0);
    const { rows } = await query('select count(*)::int as n from users');
    expect(accounts).toBe(rows[0]?.n);
  });

  it('shows the plan the business has: Premium granted to its owner is the business’s', async () => {
    const { owner, businessId } = await ownerOfNamedBusiness(app, mail, database.db, 'Premium Plastering');
    const granted = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${owner.user.id}/premium/grant`,
      headers: bearer(admin),
      payload: { reason: 'Pilot customer' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const [newest] = (await page('?limit=5')).businesses.filter((business) => business.id === businessId);
    expect(newest).toMatchObject({ name: 'Premium Plastering', tier: 'premium', member_count: 1 });
  });

  it('refuses a visitor (401) and a member who is not an admin (403); a page past 100 is refused', async () => {
    const member = await registerConfirmedUser(app, mail);
    const asMember = await app.inject({ url: '/api/admin/businesses', headers: bearer(member) });
    expect(asMember.statusCode).toBe(403);
    expect(errorOf(asMember).code).toBe('forbidden');
    expect((await app.inject({ url: '/api/admin/businesses' })).statusCode).toBe(401);
    const tooMany = await app.inject({ url: '/api/admin/businesses?limit=101', headers: bearer(admin) });
    expect(tooMany.statusCode).toBe(400);
  });
});
