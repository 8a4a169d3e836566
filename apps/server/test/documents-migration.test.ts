import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as schema from '../src/db/schema.ts';
import { migrationsFolder } from '../src/paths.ts';
import { formatDocumentNumber, nextDocumentNumber } from '../src/platform/documents/number-sequences.ts';

/*
 * 0010_documents_layer moves data: certificate number sequences become per-kind document sequences,
 * and profile image paths become file ids. A database just before it with such data is migrated here.
 */
const BEFORE = '0010_documents_layer';

let admin: pg.Client;
let client: pg.Client;
let name: string;
let folderBefore: string;

/** The migrations folder as it was before `BEFORE`. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'tradecert-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal: { entries: Array<{ tag: string }> } = JSON.parse(await readFile(journalFile, 'utf8'));
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return folder;
}

const run = (text: string, values: unknown[] = []) => client.query(text, values);

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  name = `migration_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  client = new pg.Client({ connectionString: inject('pgAdminUrl').replace(/\/postgres$/, `/${name}`) });
  await client.connect();
  folderBefore = await migrationsBefore(BEFORE);
  await migrate(drizzle(client), { migrationsFolder: folderBefore });
});

afterAll(async () => {
  await client.end();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  await rm(folderBefore, { recursive: true, force: true });
});

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

    await migrate(drizzle(client), { migrationsFolder });

    expect(
      (await run('select user_id, kind, year, last_number from document_number_sequences order by year')).rows,
    ).toEqual([
      { user_id: user, kind: 'certificate', year: 2025, last_number: 41 },
      { user_id: user, kind: 'certificate', year: 2026, last_number: 7 },
    ]);
    const next = await nextDocumentNumber(drizzle(client, { schema }), user, 'certificate', 2026);
    expect(formatDocumentNumber('WPC', 2026, next)).toBe('WPC-2026-0008');
    expect((await run('select id, logo_file_id, signature_file_id from profiles order by email')).rows).toEqual([
      { id: user, logo_file_id: logo, signature_file_id: null },
      { id: other, logo_file_id: null, signature_file_id: null },
    ]);
    expect((await run('select job_site_address from certificates')).rows).toEqual([{ job_site_address: '1 Kept St' }]);
  });
});
