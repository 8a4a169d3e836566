import { ChildProcess, execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from 'pino';
import EmbeddedPostgres from './embedded-postgres.ts';

export type EmbeddedDatabase = {
  /** Superuser connection string: cluster administration and test infrastructure only. */
  adminUrlFor: (database: string) => string;
  /**
   * Makes `database` exist and belong, with everything in it, to the unprivileged app role, and
   * returns the app role's connection string for it.
   */
  ensureAppDatabase: (database: string) => Promise<string>;
  stop: () => Promise<void>;
};

export type PostmasterExit = { code: number | null; signal: NodeJS.Signals | null };

type Credentials = { superuserPassword: string; appPassword: string };
type ClusterOptions = NonNullable<ConstructorParameters<typeof EmbeddedPostgres>[0]>;

const SUPERUSER = 'postgres';
/** Owns the app's database and nothing else: no superuser, no other databases, no roles. */
export const APP_ROLE = 'tradecert';
// Every cluster initialised before ADR 0007 had this superuser password; kept only to upgrade them.
const LEGACY_SUPERUSER_PASSWORD = 'postgres';
const INVALID_PASSWORD = '28P01';

const execFileAsync = promisify(execFile);

/** Where a cluster's passwords are kept: beside its data directory, mode 0600 (ADR 0007). */
export const credentialsFileFor = (databaseDir: string) => `${path.resolve(databaseDir)}.credentials.json`;

/** PostgreSQL refuses to run as root, so on root-run machines it runs as the `postgres` OS user. */
export const postgresRunsAsOwnUser = () => process.getuid?.() === 0;

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

const randomPassword = () => randomBytes(24).toString('base64url');

/**
 * Reads the cluster's passwords, or makes new ones. New ones reach the disk (atomically, 0600)
 * before the cluster learns them, so a crash can never leave a cluster whose password is nowhere.
 */
async function loadCredentials(file: string): Promise<Credentials> {
  const saved = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (saved !== null) return JSON.parse(saved) as Credentials;
  const credentials: Credentials = { superuserPassword: randomPassword(), appPassword: randomPassword() };
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
  return credentials;
}

/**
 * The `postgres` OS user's ids. initdb's password file must be chowned to it before embedded-postgres
 * would create it, so on a machine's first install it is created here; embedded-postgres then uses it.
 */
async function postgresOsUser(): Promise<{ uid: number; gid: number }> {
  const ids = async () => ({
    uid: Number((await execFileAsync('id', ['-u', SUPERUSER])).stdout),
    gid: Number((await execFileAsync('id', ['-g', SUPERUSER])).stdout),
  });
  try {
    return await ids();
  } catch {
    await execFileAsync('useradd', ['--system', '--user-group', '--no-create-home', SUPERUSER]);
    return ids();
  }
}

/**
 * Runs initdb with the superuser password in a file only initdb's user can read. (embedded-postgres
 * writes its own copy to os.tmpdir(), readable by every local user under the usual umask and by
 * nobody but us under the server's 0077; so it gets a placeholder, and initdb the later --pwfile.)
 */
async function initialise(databaseDir: string, options: ClusterOptions) {
  const passwordFile = `${databaseDir}.initdb-password`;
  await writeFile(passwordFile, `${options.password}\n`, { mode: 0o600 });
  try {
    if (postgresRunsAsOwnUser()) {
      const { uid, gid } = await postgresOsUser();
      await chown(passwordFile, uid, gid);
    }
    const cluster = new EmbeddedPostgres({
      ...options,
      password: 'unused: initdb reads the --pwfile below',
      initdbFlags: [...(options.initdbFlags ?? []), `--pwfile=${passwordFile}`],
    });
    await cluster.initialise();
  } finally {
    await rm(passwordFile, { force: true });
  }
}

async function connect(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  return client;
}

/**
 * Connects as the superuser with the saved password. A cluster still on the legacy password is
 * moved to the saved one; that fallback only ever succeeds while the weak password is in place.
 */
async function connectAsSuperuser(url: (password: string) => string, credentials: Credentials, logger: Logger) {
  try {
    return await connect(url(credentials.superuserPassword));
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_PASSWORD) throw error;
  }
  const client = await connect(url(LEGACY_SUPERUSER_PASSWORD)).catch((error: { code?: string }) => {
    if (error.code !== INVALID_PASSWORD) throw error;
    throw new Error(
      'The embedded PostgreSQL refused the superuser password saved beside its data directory. Was that file replaced or deleted?',
    );
  });
  await client.query(`alter role ${SUPERUSER} password ${client.escapeLiteral(credentials.superuserPassword)}`);
  logger.warn('replaced the fixed superuser password of the embedded PostgreSQL with a random one');
  return client;
}

/**
 * Statements that give the app role what the bootstrap superuser created in the current database
 * (clusters from before ADR 0007 ran migrations as the superuser): schemas, tables and their
 * sequences and indexes, views, types, routines. REASSIGN OWNED cannot do it, because that role
 * also owns the system catalogs. Extension members stay with their extension; sequences and
 * indexes that belong to a table follow it.
 */
const HANDOVER_STATEMENTS = `
  with user_schemas as (
    select oid, nspname, nspowner from pg_namespace where nspname !~ '^pg_' and nspname <> 'information_schema'
  ), extension_members as (
    select classid, objid from pg_depend where deptype = 'e'
  )
  select format('alter schema %I owner to %I', s.nspname, $1::text) as statement
    from user_schemas s
   where s.nspowner = current_user::regrole
     and (('pg_namespace'::regclass, s.oid) not in (select * from extension_members))
  union all
  select format('alter %s %s owner to %I',
                case c.relkind when 'S' then 'sequence' when 'v' then 'view'
                  when 'm' then 'materialized view' when 'f' then 'foreign table' else 'table' end,
                c.oid::regclass, $1::text)
    from pg_class c join user_schemas s on s.oid = c.relnamespace
   where c.relowner = current_user::regrole and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
     -- Sequences owned by a column follow their table; every table is handed over itself, including
     -- partitioned tables and their partitions (pg-boss keeps one per queue), which do not cascade.
     and not exists (select from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
                       and (d.deptype = 'e' or (c.relkind = 'S' and d.deptype in ('a', 'i'))))
  union all
  select format('alter %s %s owner to %I', case t.typtype when 'd' then 'domain' else 'type' end,
                t.oid::regtype, $1::text)
    from pg_type t join user_schemas s on s.oid = t.typnamespace
   where t.typowner = current_user::regrole
     and (t.typtype in ('e', 'd', 'r') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))
     and (('pg_type'::regclass, t.oid) not in (select * from extension_members))
  union all
  select format('alter routine %s owner to %I', p.oid::regprocedure, $1::text)
    from pg_proc p join user_schemas s on s.oid = p.pronamespace
   where p.proowner = current_user::regrole and p.prokind in ('f', 'p')
     and (('pg_proc'::regclass, p.oid) not in (select * from extension_members))`;

/**
 * Starts a PostgreSQL cluster whose files live in `directory`. The first start initialises it;
 * later starts reuse the same data (initdb refuses a non-empty directory, so we only run it once).
 * The superuser and the app role get random passwords, saved in `credentialsFileFor(directory)`.
 * `onUnexpectedExit` is called if the postmaster exits other than through `stop`.
 */
export async function startEmbeddedPostgres(
  directory: string,
  logger: Logger,
  options: { onUnexpectedExit?: (exit: PostmasterExit) => void } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(directory);
  const ownerFile = `${databaseDir}.owner.pid`;
  const port = await findFreePort();
  await mkdir(path.dirname(databaseDir), { recursive: true });
  const credentials = await loadCredentials(credentialsFileFor(databaseDir));

  const clusterOptions: ClusterOptions = {
    databaseDir,
    user: SUPERUSER,
    password: credentials.superuserPassword,
    authMethod: 'scram-sha-256',
    port,
    persistent: true,
    // Postgres refuses to run as root; on root-run machines the package creates a `postgres` OS user.
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => logger.debug({ postgres: message.trim() }, 'embedded postgres'),
    onError: (error: unknown) => logger.error({ err: error }, 'embedded postgres error'),
  };
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    logger.info({ databaseDir }, 'initialising embedded PostgreSQL (first start)');
    await initialise(databaseDir, clusterOptions);
  }
  await stopOrphanedPostmaster(databaseDir, ownerFile, logger);
  const cluster = new EmbeddedPostgres(clusterOptions);
  try {
    await cluster.start();
  } catch (error) {
    // embedded-postgres rejects with no reason when postgres exits early; give the operator one.
    throw new Error(
      `Embedded PostgreSQL failed to start from ${databaseDir}. Is another server using this data directory? (${String(error ?? 'postgres exited')})`,
    );
  }
  // embedded-postgres keeps the postmaster it spawned in a private field; watching it is the only
  // way to learn at once that PostgreSQL died. Fail loudly if a new version renames it.
  const postmaster: unknown = Reflect.get(cluster, 'process');
  if (!(postmaster instanceof ChildProcess)) {
    await cluster.stop();
    throw new Error('embedded-postgres no longer exposes its postmaster process; cannot watch it');
  }
  let stopping = false;
  postmaster.once('exit', (code, signal) => {
    if (!stopping) options.onUnexpectedExit?.({ code, signal });
  });
  const stop = async () => {
    stopping = true;
    if (postmaster.exitCode === null && postmaster.signalCode === null) await cluster.stop();
    await rm(ownerFile, { force: true });
  };
  await writeFile(ownerFile, `${process.pid}\n`);

  const urlFor = (user: string, password: string, database: string) =>
    `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const adminUrlFor = (database: string) => urlFor(SUPERUSER, credentials.superuserPassword, database);
  const withSuperuser = async <T>(database: string, work: (client: pg.Client) => Promise<T>) => {
    const client = await connectAsSuperuser((password) => urlFor(SUPERUSER, password, database), credentials, logger);
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  try {
    await withSuperuser('postgres', async (client) => {
      const role = client.escapeIdentifier(APP_ROLE);
      const existing = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
      if (existing.rowCount === 0) await client.query(`create role ${role}`);
      // Every start, so the saved file stays the truth and the role can never have gained privileges.
      await client.query(
        `alter role ${role} with login nosuperuser nocreatedb nocreaterole noreplication nobypassrls password ${client.escapeLiteral(credentials.appPassword)}`,
      );
    });
  } catch (error) {
    await stop();
    throw error;
  }
  logger.info({ databaseDir, port }, 'embedded PostgreSQL started');

  return {
    adminUrlFor,
    async ensureAppDatabase(database) {
      const name = pg.escapeIdentifier(database);
      const role = pg.escapeIdentifier(APP_ROLE);
      await withSuperuser('postgres', async (client) => {
        const existing = await client.query('select 1 from pg_database where datname = $1', [database]);
        // Owning the database lets the role create schemas in it (drizzle's, pg-boss's) and no others.
        if (existing.rowCount === 0) await client.query(`create database ${name} owner ${role}`);
        else await client.query(`alter database ${name} owner to ${role}`);
      });
      await withSuperuser(database, async (client) => {
        const { rows } = await client.query<{ statement: string }>(HANDOVER_STATEMENTS, [APP_ROLE]);
        if (rows.length === 0) return;
        await client.query('begin');
        for (const { statement } of rows) await client.query(statement);
        await client.query('commit');
        logger.warn({ database, objects: rows.length }, 'handed the objects of the superuser over to the app role');
      });
      return urlFor(APP_ROLE, credentials.appPassword, database);
    },
    stop,
  };
}
