import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '../support/migrations.ts';

/*
 * 0034_documents_owned_by_the_business gives every record its maker's business, and makes the
 * numbering and the monthly count the business's (ADR 0077). A database just before it, filled the
 * way the schema then allowed, is migrated here.
 */
const BEFORE = '0034_documents_owned_by_the_business';

const before = useDatabaseBefore(BEFORE);
const run = (text: string, values: unknown[] = []) => before.run(text, values);

/** An account in a business, as sign-up (or, for a second member, ADR 0077's join) made them. */
async function member(email: string, businessId?: string) {
  const userId = (await run('insert into users (email) values ($1) returning id', [email])).rows[0].id as string;
  const business =
    businessId ?? ((await run('insert into businesses default values returning id')).rows[0].id as string);
  await run('insert into memberships (business_id, user_id, role) values ($1, $2, $3)', [
    business,
    userId,
    businessId ? 'field' : 'owner',
  ]);
  return { userId, businessId: business };
}

/** One of each record a maker has: a certificate, a SWMS with its version, a photo and a retired id. */
async function recordsOf(userId: string, number: string) {
  const certificate = (
    await run(
      `insert into certificates (user_id, job_site_address, status, certificate_number, completed_month)
       values ($1, '1 Kept St', 'completed', $2, '2026-11') returning id`,
      [userId, number],
    )
  ).rows[0].id as string;
  await run(
    `insert into document_versions (document_id, version, kind, user_id, body, fingerprint, issued_at)
     values ($1, 1, 'certificate', $2, '{}', 'f', now())`,
    [certificate, userId],
  );
  const swms = (
    await run(
      `insert into safety_documents (user_id, kind, number) values ($1, 'swms', 'SWMS-2026-0001') returning id`,
      [userId],
    )
  ).rows[0].id as string;
  await run(
    `insert into document_versions (document_id, version, kind, user_id, body, fingerprint)
     values ($1, 1, 'swms', $2, '{}', 'f')`,
    [swms, userId],
  );
  await run(
    `insert into files (user_id, purpose, content_type, byte_size, width, height, storage_key, thumbnail_key, certificate_id)
     values ($1, 'photo', 'image/jpeg', 1, 1, 1, $2, $3, $4)`,
    [userId, `users/${userId}/a.jpg`, `users/${userId}/a-thumb.webp`, certificate],
  );
  await run(`insert into retired_ids (id, user_id, kind) values (gen_random_uuid(), $1, 'photo')`, [userId]);
}

const sequence = (userId: string, kind: string, year: number, lastNumber: number) =>
  run('insert into document_number_sequences (user_id, kind, year, last_number) values ($1, $2, $3, $4)', [
    userId,
    kind,
    year,
    lastNumber,
  ]);
const monthCount = (userId: string, month: string, count: number) =>
  run('insert into monthly_certificate_counts (user_id, month, count) values ($1, $2, $3)', [userId, month, count]);

const sequencesOf = async (businessId: string) =>
  (
    await run(
      'select kind, year, last_number from document_number_sequences where business_id = $1 order by kind, year',
      [businessId],
    )
  ).rows;
const countsOf = async (businessId: string) =>
  (await run('select month, count from monthly_certificate_counts where business_id = $1 order by month', [businessId]))
    .rows;

describe(`migration ${BEFORE}`, () => {
  it("gives every record its maker's business, and carries each numbering and monthly count over to it", async () => {
    const solo = await member('solo@example.com');
    const other = await member('other@example.com');
    await recordsOf(solo.userId, 'WPC-2026-0007');
    await recordsOf(other.userId, 'WPC-2026-0007');
    await sequence(solo.userId, 'certificate', 2026, 7);
    await sequence(solo.userId, 'swms', 2026, 1);
    await sequence(solo.userId, 'certificate', 2025, 41);
    await sequence(other.userId, 'certificate', 2026, 7);
    await monthCount(solo.userId, '2026-11', 4);
    await monthCount(solo.userId, '2026-10', 5);
    await monthCount(other.userId, '2026-11', 2);
    // A business with two members, each with a numbering and a count of their own (a member joined
    // by SQL, as the teams tests do; invitations come later).
    const owner = await member('owner@example.com');
    const field = await member('field@example.com', owner.businessId);
    await sequence(owner.userId, 'certificate', 2026, 7);
    await sequence(field.userId, 'certificate', 2026, 3);
    await monthCount(owner.userId, '2026-11', 3);
    await monthCount(field.userId, '2026-11', 2);

    await before.migrateRest();

    const recordRows = { certificates: 2, safety_documents: 2, document_versions: 4, files: 2, retired_ids: 2 };
    for (const [table, count] of Object.entries(recordRows)) {
      const { rows } = await run(
        `select count(*)::int as rows, bool_and(t.business_id = m.business_id) as makers_business,
           (select count(*)::int from ${table} where business_id is null) as unowned
         from ${table} t join memberships m on m.user_id = t.user_id`,
      );
      expect(rows, table).toEqual([{ rows: count, makers_business: true, unowned: 0 }]);
    }
    // The keys change; every value stays, now the business's.
    expect(await sequencesOf(solo.businessId)).toEqual([
      { kind: 'certificate', year: 2025, last_number: 41 },
      { kind: 'certificate', year: 2026, last_number: 7 },
      { kind: 'swms', year: 2026, last_number: 1 },
    ]);
    expect(await sequencesOf(other.businessId)).toEqual([{ kind: 'certificate', year: 2026, last_number: 7 }]);
    expect(await countsOf(solo.businessId)).toEqual([
      { month: '2026-10', count: 5 },
      { month: '2026-11', count: 4 },
    ]);
    expect(await countsOf(other.businessId)).toEqual([{ month: '2026-11', count: 2 }]);
    // Two members' rows become the business's one: the highest number handed out, so no number is
    // given twice, and the sum of what both completed.
    expect(await sequencesOf(owner.businessId)).toEqual([{ kind: 'certificate', year: 2026, last_number: 7 }]);
    expect(await countsOf(owner.businessId)).toEqual([{ month: '2026-11', count: 5 }]);
    // Existing objects are not moved: the keys stay where the bytes are.
    const { rows: keys } = await run('select storage_key from files');
    expect(keys.map((row) => row.storage_key.split('/')[0])).toEqual(['users', 'users']);
  });
});
