import { describe, expect, it } from 'vitest';
import { membershipOf } from '../../src/platform/accounts/memberships.ts';
import { setUpTestApp } from '../support/app.ts';
import { registerConfirmedUser } from '../support/auth-helpers.ts';
import { addMember } from '../support/teams.ts';

const { database, mail, app, query } = setUpTestApp();

const claimsOf = (accessToken: string) =>
  JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

describe('the test helper that adds a member by SQL', () => {
  it("puts the person in the owner's business with the role, and their session carries it", async () => {
    const owner = await registerConfirmedUser(app, mail);
    const field = await addMember(app, mail, database.db, owner, 'field');
    const { businessId } = await membershipOf(database.db, owner.user.id);

    expect(await membershipOf(database.db, field.user.id)).toEqual({ businessId, role: 'field' });
    expect(claimsOf(field.access_token)).toMatchObject({ bid: businessId, member_role: 'field' });
    const { rows } = await query('select count(*)::int as members from memberships where business_id = $1', [
      businessId,
    ]);
    expect(rows[0].members).toBe(2);
    // The member's own one-person business is gone, not left empty.
    const { rows: empty } = await query(
      'select count(*)::int as n from businesses b where not exists (select 1 from memberships m where m.business_id = b.id)',
    );
    expect(empty[0].n).toBe(0);
  });
});
