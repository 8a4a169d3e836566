import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { membershipOf } from '../../src/platform/accounts/memberships.ts';
import { formatDocumentNumber, nextDocumentNumber } from '../../src/platform/documents/number-sequences.ts';
import * as schema from '../../src/schema.ts';
import { useDatabaseBefore } from '../support/migrations.ts';

/*
 * 0010_documents_layer moves data: certificate number sequences become per-kind document sequences,
 * and profile image paths become file ids. A database just before it with such data is migrated here.
 */
const BEFORE = '0010_documents_layer';

const before = useDatabaseBefore(BEFORE);
const run = (text: string, values: unknown[] = []) => before.run(text, values);

describe(`migration ${BEFORE}`, () => {
  it('carries number sequences and profile images over, and drops soft-deleted certificates', async () => {
    const user = (await run(`insert into users (email) values ('old@example.com') returning id`)).rows[0].id;
    const other = (await run(`insert into users (email) values ('other@example.com') returning id`)).rows[0].id;
    await run(
      `insert into certificate_number_sequences (user_id, year, last_number) values ($1, 2025, 41), ($1, 2026, 7)`,
      [user],
    );
    const file = async (owner: string, purpose: string) =>
      (
        await run(
          `insert into files (user_id, purpose, content_type, byte_size, width, height, storage_key, thumbnail_key)
           values ($1, $2, 'image/png', 1, 1, 1, 'k', 't') returning id`,
          [owner, purpose],
        )
      ).rows[0].id;
    const logo = await file(user, 'logo');
    const othersSignature = await file(other, 'signature');
    await run(`insert into profiles (id, email, logo_url, signature_url) values ($1, 'old@example.com', $2, $3)`, [
      user,
      `/api/files/${logo}`,
      // Someone else's file is not taken over.
      `/api/files/${othersSignature}`,
    ]);
    await run(
      `insert into profiles (id, email, logo_url) values ($1, 'other@example.com', 'https://elsewhere.example/logo.png')`,
      [other],
    );
    await run(
      `insert into certificates (user_id, job_site_address, status) values ($1, '1 Kept St', 'draft'), ($1, '2 Gone St', 'deleted')`,
      [user],
    );

    await before.migrateRest();

    // Each user's numbering is their business's since 0034_documents_owned_by_the_business.
    const { rows: sequences } = await run(
      `select m.user_id, s.kind, s.year, s.last_number from document_number_sequences s
       join memberships m on m.business_id = s.business_id order by s.year`,
    );
    expect(sequences).toEqual([
      { user_id: user, kind: 'certificate', year: 2025, last_number: 41 },
      { user_id: user, kind: 'certificate', year: 2026, last_number: 7 },
    ]);
    const db = drizzle(before.client, { schema });
    const next = await nextDocumentNumber(db, (await membershipOf(db, user)).businessId, 'certificate', 2026);
    expect(formatDocumentNumber('WPC', 2026, next)).toBe('WPC-2026-0008');
    // The logo is the business's since 0033_company_on_the_business.
    const { rows: profiles } = await run(
      `select p.id, b.logo_file_id, p.signature_file_id from profiles p
       join memberships m on m.user_id = p.id join businesses b on b.id = m.business_id order by p.email`,
    );
    expect(profiles).toEqual([
      { id: user, logo_file_id: logo, signature_file_id: null },
      { id: other, logo_file_id: null, signature_file_id: null },
    ]);
    expect((await run('select job_site_address from certificates')).rows).toEqual([{ job_site_address: '1 Kept St' }]);
  });
});
