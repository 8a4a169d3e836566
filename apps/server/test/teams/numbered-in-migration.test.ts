import { describe, expect, it } from 'vitest';
import { useDatabaseBefore } from '../support/migrations.ts';

/*
 * 0040_records_brought_keep_their_numbers keys each issued number by the business whose sequence
 * gave it (`numbered_in`, null: the record's own business) instead of the business holding the
 * record, so records brought by a joiner keep their numbers (ADR 0089). A filled database before it
 * is migrated here.
 */
const BEFORE = '0040_records_brought_keep_their_numbers';

const before = useDatabaseBefore(BEFORE);
const run = (text: string, values: unknown[] = []) => before.run(text, values);

async function business() {
  const userId = (
    await run('insert into users (email) values (gen_random_uuid() || $1) returning id', ['@example.com'])
  ).rows[0].id as string;
  const businessId = (await run('insert into businesses default values returning id')).rows[0].id as string;
  await run(`insert into memberships (business_id, user_id, role) values ($1, $2, 'owner')`, [businessId, userId]);
  return { userId, businessId };
}

const certificate = (owner: { userId: string; businessId: string }, number: string) =>
  run(
    `insert into certificates (business_id, user_id, job_site_address, status, certificate_number)
     values ($1, $2, '1 Kept St', 'completed', $3) returning id`,
    [owner.businessId, owner.userId, number],
  );
const swms = (owner: { userId: string; businessId: string }, number: string) =>
  run(`insert into safety_documents (business_id, user_id, kind, number) values ($1, $2, 'swms', $3)`, [
    owner.businessId,
    owner.userId,
    number,
  ]);

describe(`migration ${BEFORE}`, () => {
  it('keeps every number, and keeps a number unique in the business whose sequence gave it', async () => {
    const first = await business();
    const second = await business();
    await certificate(first, 'WPC-2026-0001');
    await certificate(second, 'WPC-2026-0001');
    await swms(first, 'SWMS-2026-0001');
    await swms(second, 'SWMS-2026-0001');

    await before.migrateRest();

    const { rows } = await run(
      `select certificate_number, numbered_in from certificates order by business_id = $1 desc`,
      [first.businessId],
    );
    expect(rows).toEqual([
      { certificate_number: 'WPC-2026-0001', numbered_in: null },
      { certificate_number: 'WPC-2026-0001', numbered_in: null },
    ]);
    // The same number twice in one business's own sequence is still refused…
    await expect(certificate(first, 'WPC-2026-0001')).rejects.toThrow(/certificates_numbered_in_number_unique/);
    await expect(swms(first, 'SWMS-2026-0001')).rejects.toThrow(/safety_documents_numbered_in_kind_number_unique/);
    // …while a record numbered in another business may hold the same number in this one.
    await run(`update certificates set numbered_in = business_id, business_id = $1 where business_id = $2`, [
      first.businessId,
      second.businessId,
    ]);
    await run(`update safety_documents set numbered_in = business_id, business_id = $1 where business_id = $2`, [
      first.businessId,
      second.businessId,
    ]);
    const { rows: held } = await run(
      'select count(*)::int as certificates, count(distinct coalesce(numbered_in, business_id))::int as numberings from certificates where business_id = $1',
      [first.businessId],
    );
    expect(held).toEqual([{ certificates: 2, numberings: 2 }]);
  });
});
