import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { databaseUrlFor } from './template.ts';

export type TestDatabase = {
  db: Database;
  url: string;
  /** Closes the pool and drops the database. */
  drop: () => Promise<void>;
};

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, fully migrated database cloned from the template; one per test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name} template ${inject('templateDatabase')}`));
  const url = databaseUrlFor(inject('pgAdminUrl'), name);
  const db = createDatabase(url);
  return {
    db,
    url,
    async drop() {
      await db.$client.end();
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
