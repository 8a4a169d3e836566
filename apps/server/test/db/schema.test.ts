import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

let database: TestDatabase;
let userId: string;
let businessId: string;

const query = (text: string, values: unknown[] = []) => database.db.$client.query(text, values);

/** Runs a statement that must be refused by the database; returns the constraint that refused it. */
async function violatedConstraint(text: string, values: unknown[] = []): Promise<string | undefined> {
  try {
    await query(text, values);
  } catch (error) {
    return (error as { constraint?: string }).constraint;
  }
  throw new Error(`expected the database to refuse: ${text}`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { rows } = await query(`insert into users (email) values ('owner@example.com') returning id`);
  userId = rows[0].id;
  const { rows: made } = await query('insert into businesses default values returning id');
  businessId = made[0].id;
  await query(`insert into memberships (business_id, user_id, role) values ($1, $2, 'owner')`, [businessId, userId]);
});

afterAll(() => database.drop());

describe('database constraints for PRODUCT.md, Records rules', () => {
  it('creates every table of PRODUCT.md, Records', async () => {
    const { rows } = await query(`select table_name from information_schema.tables where table_schema = 'public'`);
    const tables = rows.map((row) => row.table_name);
    expect(tables).toEqual(
      expect.arrayContaining(['users', 'profiles', 'subscribers', 'certificates', 'monthly_certificate_counts']),
    );
  });

  it('accepts only draft or completed as a certificate status', async () => {
    await query(
      `insert into certificates (user_id, business_id, job_site_address, status) values ($1, $2, '1 Site St', 'completed')`,
      [userId, businessId],
    );
    expect(
      await violatedConstraint(
        `insert into certificates (user_id, business_id, job_site_address, status) values ($1, $2, '1 Site St', 'archived')`,
        [userId, businessId],
      ),
    ).toBe('certificates_status_valid');
    expect(
      await violatedConstraint(
        `insert into certificates (user_id, business_id, job_site_address, status) values ($1, $2, '1 Site St', 'deleted')`,
        [userId, businessId],
      ),
    ).toBe('certificates_status_valid');
  });

  it('defaults a certificate to a draft with empty text fields and no photos', async () => {
    const { rows } = await query(
      `insert into certificates (user_id, business_id, job_site_address) values ($1, $2, '2 Site St') returning status, materials_used, additional_info, photos, standards`,
      [userId, businessId],
    );
    expect(rows[0]).toEqual({ status: 'draft', materials_used: '', additional_info: '', photos: [], standards: [] });
  });

  it('keeps one monthly count per business and month', async () => {
    await query(`insert into monthly_certificate_counts (business_id, month, count) values ($1, '2026-11', 1)`, [
      businessId,
    ]);
    expect(
      await violatedConstraint(
        `insert into monthly_certificate_counts (business_id, month, count) values ($1, '2026-11', 2)`,
        [businessId],
      ),
    ).toBe('monthly_certificate_counts_business_month_unique');
  });

  it('never lets a monthly count go below zero', async () => {
    expect(
      await violatedConstraint(`update monthly_certificate_counts set count = count - 5 where business_id = $1`, [
        businessId,
      ]),
    ).toBe('monthly_certificate_counts_count_non_negative');
  });

  it('only accepts YYYY-MM month keys', async () => {
    expect(
      await violatedConstraint(`insert into monthly_certificate_counts (business_id, month) values ($1, '2026-13')`, [
        businessId,
      ]),
    ).toBe('monthly_certificate_counts_month_format');
  });

  it('refuses rows that point at a user or a business that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      await violatedConstraint(
        `insert into certificates (user_id, business_id, job_site_address) values ($1, $2, 'x')`,
        [missing, businessId],
      ),
    ).toBe('certificates_user_id_users_id_fk');
    expect(
      await violatedConstraint(
        `insert into certificates (user_id, business_id, job_site_address) values ($1, $2, 'x')`,
        [userId, missing],
      ),
    ).toBe('certificates_business_id_businesses_id_fk');
    expect(await violatedConstraint(`insert into profiles (id) values ($1)`, [missing])).toBe(
      'profiles_id_users_id_fk',
    );
  });

  it('gives a new profile onboarding_completed false, and a new business empty common materials', async () => {
    const { rows } = await query(`insert into profiles (id) values ($1) returning onboarding_completed`, [userId]);
    expect(rows[0]).toEqual({ onboarding_completed: false });
    const { rows: businesses } = await query('insert into businesses default values returning common_materials');
    expect(businesses[0]).toEqual({ common_materials: [] });
  });

  it('accepts only free or premium as a subscription tier', async () => {
    expect(
      await violatedConstraint(`insert into subscribers (email, subscription_tier) values ('a@example.com', 'gold')`),
    ).toBe('subscribers_tier_valid');
  });

  it("keeps a file's business in the database, though files.schema.ts does not name businesses", async () => {
    // ADR 0077: businesses names files (its logo), so the key going back is in migration 0034 only.
    expect(
      await violatedConstraint(
        `insert into files (user_id, business_id, purpose, content_type, byte_size, width, height, storage_key, thumbnail_key)
         values ($1, gen_random_uuid(), 'photo', 'image/jpeg', 1, 1, 1, 'k0', 't0')`,
        [userId],
      ),
    ).toBe('files_business_id_businesses_id_fk');
  });

  it("keeps a photo's link to its certificate in the database, though files.schema.ts does not name certificates", async () => {
    // ADR 0030: the foreign key lives in the migrations and the drizzle snapshot only.
    expect(
      await violatedConstraint(
        `insert into files (user_id, business_id, purpose, content_type, byte_size, width, height, storage_key, thumbnail_key, certificate_id)
         values ($1, $2, 'photo', 'image/jpeg', 1, 1, 1, 'k', 't', gen_random_uuid())`,
        [userId, businessId],
      ),
    ).toBe('files_certificate_id_certificates_id_fk');
    const { rows } = await query(
      `insert into certificates (user_id, business_id, job_site_address) values ($1, $2, '2 Site St') returning id`,
      [userId, businessId],
    );
    const certificateId = rows[0].id;
    await query(
      `insert into files (user_id, business_id, purpose, content_type, byte_size, width, height, storage_key, thumbnail_key, certificate_id)
       values ($1, $2, 'photo', 'image/jpeg', 1, 1, 1, 'k2', 't2', $3)`,
      [userId, businessId, certificateId],
    );
    await query('delete from certificates where id = $1', [certificateId]);
    const { rows: kept } = await query(`select certificate_id from files where storage_key = 'k2'`);
    expect(kept).toEqual([{ certificate_id: null }]);
  });
});
