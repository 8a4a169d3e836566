import { documentKinds } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../src/db/migrate.ts';
import { registerDocumentKind } from '../../src/platform/documents/kind-registry.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

/*
 * The database refuses a kind nobody registered (ADR 0076): every kind column references
 * `document_kinds`, which start-up fills from the contract's declarations and the kernel's registry
 * fills with a kind made at run time.
 */

let database: TestDatabase;
let userId: string;

const query = (text: string, values: unknown[] = []) => database.db.$client.query(text, values);

beforeAll(async () => {
  database = await createTestDatabase();
  const { rows } = await query(`insert into users (email) values ('kinds@example.com') returning id`);
  userId = rows[0].id;
  // Its business, as sign-up makes one: records of signing carry it (ADR 0077).
  await query(
    `with business as (insert into businesses default values returning id)
     insert into memberships (business_id, user_id, role) select id, $1, 'owner' from business`,
    [userId],
  );
});

afterAll(() => database.drop());

/** A row for each kind column, complete but for its kind: `$1` is the owner (and so their business), `$2` the kind. */
const rowOfKind = {
  document_sends: {
    column: 'document_kind',
    insert: `insert into document_sends (business_id, user_id, document_kind, document_id, document_version, recipient_email,
               recipient_name, token_hash)
             select business_id, user_id, $2, gen_random_uuid(), 1, 'builder@example.com', 'Bo Builder', gen_random_uuid()::text from memberships where user_id = $1`,
  },
  safety_documents: {
    column: 'kind',
    insert: `insert into safety_documents (user_id, business_id, kind, number)
             values ($1, (select business_id from memberships where user_id = $1), $2, gen_random_uuid()::text)`,
  },
  document_number_sequences: {
    column: 'kind',
    insert: `insert into document_number_sequences (business_id, kind, year, last_number)
             values ((select business_id from memberships where user_id = $1), $2, 2026, 1)`,
  },
  document_versions: {
    column: 'kind',
    insert: `insert into document_versions (document_id, version, kind, user_id, business_id, body, fingerprint)
             values (gen_random_uuid(), 1, $2, $1, (select business_id from memberships where user_id = $1), '{}', 'f')`,
  },
  signature_requests: {
    column: 'document_kind',
    insert: `insert into signature_requests (business_id, user_id, document_kind, document_id, document_version,
               fingerprint_at_send, signer_name, expires_at)
             select business_id, user_id, $2, gen_random_uuid(), 1, 'f', 'Kim Signer', now() + interval '14 days' from memberships where user_id = $1`,
  },
  site_sign_on_links: {
    column: 'document_kind',
    insert: `insert into site_sign_on_links (business_id, user_id, document_kind, document_id, document_version, token_hash,
               fingerprint)
             select business_id, user_id, $2, gen_random_uuid(), 1, gen_random_uuid()::text, 'f' from memberships where user_id = $1`,
  },
};

/** The error a statement the database must refuse fails with. */
async function refusal(text: string, values: unknown[]): Promise<{ code?: string; constraint?: string }> {
  try {
    await query(text, values);
  } catch (error) {
    return error as { code?: string; constraint?: string };
  }
  throw new Error(`expected the database to refuse: ${text}`);
}

describe('the kinds the database takes', () => {
  it('covers every kind column there is', async () => {
    const { rows } = await query(
      `select source.relname as table_name, attribute.attname as column_name
         from pg_constraint foreign_key
         join pg_class source on source.oid = foreign_key.conrelid
         join pg_attribute attribute on attribute.attrelid = foreign_key.conrelid
          and attribute.attnum = any (foreign_key.conkey)
        where foreign_key.contype = 'f' and foreign_key.confrelid = 'document_kinds'::regclass`,
    );
    const referencing = rows.map((row) => `${row.table_name}.${row.column_name}`).sort();
    expect(referencing).toEqual(
      Object.entries(rowOfKind)
        .map(([table, { column }]) => `${table}.${column}`)
        .sort(),
    );
  });

  it('refuses a kind nobody registered, in every kind column', async () => {
    for (const [table, { column, insert }] of Object.entries(rowOfKind)) {
      const error = await refusal(insert, [userId, 'no_such_kind']);
      expect({ table, code: error.code, constraint: error.constraint }).toEqual({
        table,
        code: '23503',
        constraint: `${table}_${column}_document_kinds_kind_fk`,
      });
    }
    const { rows } = await query(`select count(*)::int as count from document_kinds where kind = 'no_such_kind'`);
    expect(rows).toEqual([{ count: 0 }]);
  });

  it('takes a kind registered at run time, in every kind column, and a second registration changes nothing', async () => {
    await registerDocumentKind(database.db, 'runtime_note');
    await registerDocumentKind(database.db, 'runtime_note');
    for (const [table, { column, insert }] of Object.entries(rowOfKind)) {
      await query(insert, [userId, 'runtime_note']);
      const { rows } = await query(`select count(*)::int as count from ${table} where ${column} = 'runtime_note'`);
      expect({ table, rows }).toEqual({ table, rows: [{ count: 1 }] });
    }
  });

  it('registers every declared kind at start-up, and two start-ups on a database that has the rows are fine', async () => {
    // A declared kind no row uses yet, gone: start-up puts it back, beside the rows already there.
    await query(`delete from document_kinds where kind = 'cover_sheet'`);
    await Promise.all([runMigrations(database.url), runMigrations(database.url)]);
    await runMigrations(database.url);
    const { rows } = await query(`select kind from document_kinds order by kind`);
    expect(rows.map((row) => row.kind)).toEqual([...documentKinds, 'runtime_note'].sort());
  });
});
