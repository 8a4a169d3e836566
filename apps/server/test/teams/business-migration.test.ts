import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '../support/migrations.ts';

/*
 * 0032_business_memberships puts every existing account into a business of its own, as its owner
 * (ADR 0077). A database just before it, filled the way the schema then allowed, is migrated here.
 */
const BEFORE = '0032_business_memberships';

const before = useDatabaseBefore(BEFORE);
const run = (text: string, values: unknown[] = []) => before.run(text, values);

describe(`migration ${BEFORE}`, () => {
  it('makes every account the owner of exactly one business with nobody else in it', async () => {
    const newUser = async (email: string) =>
      (await run(`insert into users (email, created_at) values ($1, '2026-03-01T00:00:00Z') returning id`, [email]))
        .rows[0].id as string;
    const withProfile = await newUser('profiled@example.com');
    await run(`insert into profiles (id, email, company_name) values ($1, 'profiled@example.com', 'Harbour Pty Ltd')`, [
      withProfile,
    ]);
    const withRecords = await newUser('records@example.com');
    await run(`insert into profiles (id, email) values ($1, 'records@example.com')`, [withRecords]);
    await run(`insert into certificates (user_id, job_site_address, status) values ($1, '1 Kept St', 'draft')`, [
      withRecords,
    ]);
    // An account with no profile (none is made outside sign-up, but nothing in the schema forbids it).
    const bare = await newUser('bare@example.com');
    const accounts = [withProfile, withRecords, bare];

    await before.migrateRest();

    const { rows: members } = await run(
      `select m.user_id, m.role, m.business_id, b.created_at = u.created_at as business_as_old_as_account,
         (select count(*)::int from memberships other where other.business_id = m.business_id) as members
       from memberships m join businesses b on b.id = m.business_id join users u on u.id = m.user_id`,
    );
    expect(members.map((member) => member.user_id).sort()).toEqual([...accounts].sort());
    for (const member of members) {
      expect(member).toMatchObject({ role: 'owner', members: 1, business_as_old_as_account: true });
      // A fresh id: a business id is never an account's.
      expect(accounts).not.toContain(member.business_id);
    }
    expect(new Set(members.map((member) => member.business_id)).size).toBe(accounts.length);
    expect((await run('select count(*)::int as count from businesses')).rows[0].count).toBe(accounts.length);
    // Nothing of the old data was lost (0033_company_on_the_business moves the company to the business).
    expect(
      (
        await run(
          `select b.company_name from businesses b join memberships m on m.business_id = b.id where m.user_id = $1`,
          [withProfile],
        )
      ).rows,
    ).toEqual([{ company_name: 'Harbour Pty Ltd' }]);
    expect((await run('select user_id from certificates')).rows).toEqual([{ user_id: withRecords }]);
  });
});
