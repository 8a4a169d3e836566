import { readFileSync } from 'node:fs';
import path from 'node:path';
import { documentKinds } from '@app/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { migrationsFolder } from '../paths.ts';
import type { Database } from './client.ts';

// Arbitrary constant: several server instances starting at once must not migrate concurrently.
const MIGRATION_LOCK_KEY = 7_340_021;

/**
 * Applies the committed SQL migrations in drizzle/, registers every declared document kind, then
 * creates or upgrades the job queue's own schema (pg-boss keeps its tables in `pgboss`); safe to
 * run on every start.
 */
export async function runMigrations(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder });
    // Every kind the contract declares is one the database takes (ADR 0076); a kind made at run
    // time registers itself first (platform/documents/kind-registry.ts).
    await client.query('insert into document_kinds (kind) select unnest($1::text[]) on conflict do nothing', [
      documentKinds,
    ]);
    const boss = new PgBoss({
      db: { executeSql: (text, values) => client.query(text, values) },
      supervise: false,
      schedule: false,
    });
    await boss.start();
    await boss.stop({ graceful: false, close: false });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

let newestMigrationMillis: number | undefined;

/** The newest migration this build ships (drizzle's journal), read once. */
function newestMigration(): number {
  if (newestMigrationMillis === undefined) {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
      entries: Array<{ when: number }>;
    };
    newestMigrationMillis = Math.max(0, ...journal.entries.map((entry) => entry.when));
  }
  return newestMigrationMillis;
}

/**
 * Whether the database has every migration this build ships: drizzle records each applied one with
 * its journal time, and applies those newer than its latest record (readiness asks this).
 */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const { rows } = await db.$client.query<{ latest: string | null }>(
    'select max(created_at)::text as latest from drizzle.__drizzle_migrations',
  );
  return Number(rows[0]?.latest ?? 0) >= newestMigration();
}
