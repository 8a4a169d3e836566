import { ACCOUNT_DELETION_CONFIRMATION } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, GOOD_PASSWORD, registerConfirmedUser } from '../support/auth-helpers.ts';

/** Every account is a member of exactly one business; sign-up and deletion keep it so (ADR 0077). */
const { app, mail, query } = setUpTestApp();

type Membership = { business_id: string; role: string; members: number };

async function membershipsOf(userId: string): Promise<Membership[]> {
  const { rows } = await query(
    `select m.business_id, m.role,
       (select count(*)::int from memberships other where other.business_id = m.business_id) as members
     from memberships m where m.user_id = $1`,
    [userId],
  );
  return rows;
}

async function businessExists(id: string): Promise<boolean> {
  return (await query('select 1 from businesses where id = $1', [id])).rowCount === 1;
}

/** What the database says when `text` breaks a constraint: its name. */
async function refusal(text: string, values: unknown[]): Promise<string | undefined> {
  try {
    await query(text, values);
  } catch (error) {
    return (error as { constraint?: string }).constraint;
  }
  throw new Error(`expected the database to refuse: ${text}`);
}

describe('the business of an account', () => {
  it('is made at sign-up, with the account its only member and owner', async () => {
    const session = await registerConfirmedUser(app, mail);
    const [membership, ...others] = await membershipsOf(session.user.id);
    expect(others).toEqual([]);
    expect(membership).toMatchObject({ role: 'owner', members: 1 });
    expect(membership?.business_id).not.toBe(session.user.id);
  });

  it('goes with the account when it is deleted; other businesses stay', async () => {
    const leaving = await registerConfirmedUser(app, mail);
    const staying = await registerConfirmedUser(app, mail);
    const [leavingBusiness] = await membershipsOf(leaving.user.id);
    const [stayingBusiness] = await membershipsOf(staying.user.id);
    if (!leavingBusiness || !stayingBusiness) throw new Error('sign-up made no business');

    const deleted = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(leaving),
      payload: { confirmation: ACCOUNT_DELETION_CONFIRMATION, current_password: GOOD_PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);

    expect(await businessExists(leavingBusiness.business_id)).toBe(false);
    expect(await membershipsOf(leaving.user.id)).toEqual([]);
    expect(await membershipsOf(staying.user.id)).toEqual([stayingBusiness]);
  });

  it('is one per account, with one owner, in a role the contract declares', async () => {
    const first = await registerConfirmedUser(app, mail, undefined, { issuer: false });
    const second = await registerConfirmedUser(app, mail, undefined, { issuer: false });
    const [firstBusiness] = await membershipsOf(first.user.id);
    const insert = 'insert into memberships (business_id, user_id, role) values ($1, $2, $3)';
    const { rows } = await query('insert into businesses default values returning id');
    const elsewhere = rows[0].id;

    expect(await refusal(insert, [elsewhere, first.user.id, 'field'])).toBe('memberships_user_unique');
    await query('delete from memberships where user_id = $1', [second.user.id]);
    expect(await refusal(insert, [firstBusiness?.business_id, second.user.id, 'owner'])).toBe(
      'memberships_one_owner_unique',
    );
    expect(await refusal(insert, [elsewhere, second.user.id, 'manager'])).toBe('memberships_role_valid');
  });
});
