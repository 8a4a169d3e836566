import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/** Queries go through the query builder over each owner's tables (no relational `db.query` API). */
export type Database = NodePgDatabase & { $client: pg.Pool };

/** Anything repositories run queries on: the pool or an open transaction. */
export type Queryable = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** A request waits at most this long for a free connection, then gets a 503 instead of hanging. */
const POOL_CHECKOUT_TIMEOUT_MS = 5000;

export function createDatabase(connectionString: string, options: { maxConnections?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: POOL_CHECKOUT_TIMEOUT_MS,
    // Deadlines on the server side too: no statement or forgotten transaction holds a connection for ever.
    statement_timeout: 30_000,
    idle_in_transaction_session_timeout: 30_000,
  });
  // An idle client losing its connection (e.g. the DB restarting) must not crash the process.
  pool.on('error', () => {});
  return drizzle(pool) as Database;
}

/** Round-trips to the database; used by the health check. */
export async function pingDatabase(db: Database): Promise<number> {
  const started = performance.now();
  await db.$client.query('select 1');
  return performance.now() - started;
}
