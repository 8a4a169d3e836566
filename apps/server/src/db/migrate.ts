import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { migrationsFolder } from '../paths.ts';

// Arbitrary constant: several server instances starting at once must not migrate concurrently.
const MIGRATION_LOCK_KEY = 7_340_021;

/**
 * Applies the committed SQL migrations in drizzle/, then creates or upgrades the job queue's own
 * schema (pg-boss keeps its tables in `pgboss`); safe to run on every start.
 */
export async function runMigrations(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder });
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
