import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { migrationsFolder } from '../../src/paths.ts';
import { databaseUrlFor } from './template.ts';

/** A database of its own, migrated up to just before migration `tag`, to be filled the old way. */
export type DatabaseBefore = {
  client: pg.Client;
  run: (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
  /** Runs `tag` and every migration after it. */
  migrateRest: () => Promise<void>;
  drop: () => Promise<void>;
};

/** The migrations folder as it was before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'tradecert-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal: { entries: Array<{ tag: string }> } = JSON.parse(await readFile(journalFile, 'utf8'));
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return folder;
}

export async function databaseBefore(tag: string): Promise<DatabaseBefore> {
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  const name = `migration_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const client = new pg.Client({ connectionString: databaseUrlFor(inject('pgAdminUrl'), name) });
  await client.connect();
  const folderBefore = await migrationsBefore(tag);
  await migrate(drizzle(client), { migrationsFolder: folderBefore });
  return {
    client,
    run: (text, values = []) => client.query(text, values),
    migrateRest: () => migrate(drizzle(client), { migrationsFolder }),
    drop: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await rm(folderBefore, { recursive: true, force: true });
    },
  };
}

/**
 * For one test file: a database before migration `tag`, made before its tests and dropped after.
 * Read its parts inside tests (they exist once beforeAll has run).
 */
export function useDatabaseBefore(tag: string): Omit<DatabaseBefore, 'drop'> {
  let database: DatabaseBefore;
  beforeAll(async () => {
    database = await databaseBefore(tag);
  });
  afterAll(() => database.drop());
  return {
    get client() {
      return database.client;
    },
    run: (text, values) => database.run(text, values),
    migrateRest: () => database.migrateRest(),
  };
}
