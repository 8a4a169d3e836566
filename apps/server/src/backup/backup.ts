import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from 'pino';
import { secureDataDir } from '../data-dir.ts';
import {
  credentialsFileFor,
  type EmbeddedDatabase,
  postgresRunsAsOwnUser,
  startEmbeddedPostgres,
} from '../db/embedded.ts';
import { migrationsFolder } from '../paths.ts';
import type { FileStorage } from '../platform/storage/file-storage.ts';
import { extractArchive, FILES_DIR, type Manifest, type ManifestDatabase, writeArchive } from './archive.ts';
import { copyRunningCluster, runningClusterPort } from './embedded-cluster.ts';
import { connectionForChild, newestTool, runTool } from './pg-tools.ts';

/** Where the app keeps its state, as the server resolves it (config.ts, server.ts). */
export type BackupTarget = {
  dataDir: string;
  /** Unset: the embedded PostgreSQL in DATA_DIR/postgres. */
  databaseUrl: string | undefined;
  storage: FileStorage;
  /** The longest any one step (database, files, archive) may take. */
  stepTimeoutMs: number;
};

export type Progress = (message: string) => void;

/** The embedded server's database (server.ts). */
const EMBEDDED_DATABASE = 'app';
const SUPERUSER = 'postgres';
const DATABASE_DIR = 'database';
const DUMP_FILE = 'database.dump';
const CREDENTIALS_FILE = 'postgres.credentials.json';
/** A storage key as the storage drivers accept it (file-storage.ts): never a path out of the archive. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

const execFileAsync = promisify(execFile);

async function step<T>(progress: Progress, name: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  progress(`${name}…`);
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not finish within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    const result = await Promise.race([work(), deadline]);
    progress(`${name}: done (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    return result;
  } finally {
    clearTimeout(timer);
  }
}

async function connect(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  await client.connect();
  return client;
}

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connect(connectionString);
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Every storage key a row of `files` names: the original, its thumbnail and its print copy. */
async function referencedKeys(client: pg.Client): Promise<Set<string>> {
  const { rows } = await client.query<{ key: string }>(
    `select storage_key as key from files union select thumbnail_key from files
     union select print_key from files where print_key is not null`,
  );
  return new Set(rows.map((row) => row.key));
}

type Journal = { entries: Array<{ tag: string; when: number }> };
const journal = async () =>
  JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** The newest migration applied to the database, by its tag in drizzle's journal. */
async function appliedMigration(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ created_at: string }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const when = Number(rows[0]?.created_at);
  return (await journal()).entries.find((entry) => entry.when === when)?.tag ?? `unknown (${when})`;
}

async function appVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(migrationsFolder, '..', 'package.json'), 'utf8'));
  return String(manifest.version);
}

type EmbeddedSession = { urlFor: (database: string, user?: 'superuser' | 'app') => string; stop: () => Promise<void> };

/**
 * The embedded cluster in DATA_DIR/postgres: the running server's (found by its postmaster.pid),
 * or started here for the duration when no server runs.
 */
async function openEmbedded(dataDir: string, logger: Logger): Promise<EmbeddedSession> {
  const databaseDir = path.join(dataDir, 'postgres');
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    throw new Error(`There is no embedded database in ${dataDir} (set DATA_DIR, or DATABASE_URL for an external one).`);
  }
  const credentials = JSON.parse(await readFile(credentialsFileFor(databaseDir), 'utf8')) as {
    superuserPassword: string;
    appPassword: string;
  };
  const port = await runningClusterPort(databaseDir);
  let started: EmbeddedDatabase | undefined;
  let at = `127.0.0.1:${port}`;
  if (port === null) {
    started = await startEmbeddedPostgres(databaseDir, logger);
    at = new URL(started.adminUrlFor('postgres')).host;
  }
  return {
    urlFor: (database, user = 'superuser') =>
      user === 'superuser'
        ? `postgres://${SUPERUSER}:${encodeURIComponent(credentials.superuserPassword)}@${at}/${database}`
        : `postgres://tradecert:${encodeURIComponent(credentials.appPassword)}@${at}/${database}`,
    stop: async () => started?.stop(),
  };
}

type DatabaseCopy = { database: ManifestDatabase; keys: Set<string>; schemaMigration: string };

async function copyEmbeddedDatabase(target: BackupTarget, staging: string, progress: Progress, logger: Logger) {
  const cluster = await openEmbedded(target.dataDir, logger);
  try {
    const appUrl = cluster.urlFor(EMBEDDED_DATABASE);
    // Keys before and after the copy: the copy's state lies between the two (ADR 0045).
    const before = await withClient(appUrl, referencedKeys);
    const { serverVersion } = await withClient(cluster.urlFor('postgres'), (client) =>
      copyRunningCluster(client, path.join(target.dataDir, 'postgres'), path.join(staging, DATABASE_DIR), progress),
    );
    const { after, schemaMigration } = await withClient(appUrl, async (client) => ({
      after: await referencedKeys(client),
      schemaMigration: await appliedMigration(client),
    }));
    await copyFile(credentialsFileFor(path.join(target.dataDir, 'postgres')), path.join(staging, CREDENTIALS_FILE));
    return {
      database: { kind: 'embedded-cluster', serverVersion, directory: DATABASE_DIR, credentials: CREDENTIALS_FILE },
      keys: new Set([...before, ...after]),
      schemaMigration,
    } satisfies DatabaseCopy;
  } finally {
    await cluster.stop();
  }
}

/** pg_dump -Fc in an exported snapshot, from which the file keys are read too: exactly what the dump names. */
async function dumpExternalDatabase(databaseUrl: string, staging: string, timeoutMs: number): Promise<DatabaseCopy> {
  return withClient(databaseUrl, async (client) => {
    await client.query('begin isolation level repeatable read, read only');
    const { rows } = await client.query<{ snapshot: string; version: string; number: string }>(
      `select pg_export_snapshot() as snapshot, current_setting('server_version') as version,
              current_setting('server_version_num') as number`,
    );
    const [server] = rows;
    if (!server) throw new Error('could not read the database server version');
    const serverMajor = Math.floor(Number(server.number) / 10_000);
    const pgDump = await newestTool('pg_dump');
    if (!pgDump) {
      throw new Error(
        `No pg_dump found on PATH or in /usr/lib/postgresql: install PostgreSQL ${serverMajor}'s client tools.`,
      );
    }
    if (pgDump.major < serverMajor) {
      throw new Error(
        `The newest pg_dump here is version ${pgDump.major}; the database runs PostgreSQL ${serverMajor}: install PostgreSQL ${serverMajor}'s client tools, or put them first on PATH.`,
      );
    }
    const keys = await referencedKeys(client);
    const schemaMigration = await appliedMigration(client);
    const child = connectionForChild(databaseUrl);
    await runTool(
      pgDump,
      [
        '--format=custom',
        `--snapshot=${server.snapshot}`,
        `--file=${path.join(staging, DUMP_FILE)}`,
        `--dbname=${child.dbname}`,
      ],
      child.env,
      timeoutMs,
    );
    await client.query('commit');
    return {
      database: { kind: 'pg_dump', serverVersion: server.version, dumpMajorVersion: pgDump.major, dump: DUMP_FILE },
      keys,
      schemaMigration,
    };
  });
}

/** Copies every key's bytes from storage into `files/<key>`; a key already gone is reported, not fatal. */
async function copyStoredFiles(storage: FileStorage, keys: Set<string>, staging: string, progress: Progress) {
  const missing: string[] = [];
  let count = 0;
  for (const key of [...keys].sort()) {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`the database names an unsafe storage key: ${key}`);
    const bytes = await storage.read(key);
    if (!bytes) {
      missing.push(key);
      continue;
    }
    const target = path.join(staging, FILES_DIR, key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await writeFile(target, bytes, { mode: 0o600 });
    count += 1;
    if (count % 500 === 0) progress(`  ${count} of ${keys.size} files`);
  }
  if (missing.length > 0) {
    progress(`  warning: ${missing.length} referenced files were already gone from storage (listed in the manifest)`);
  }
  return { count, missing };
}

/**
 * Writes one archive of the app's state to `outFile` while the app runs: the database (the
 * embedded cluster's consistent copy, or pg_dump of DATABASE_URL) and every stored file a row of
 * `files` names, read through FileStorage (disk or S3). Cached PDFs are left out: they are made
 * again, from the restored records, with the same fingerprint (ADR 0045).
 */
export async function createBackup(
  target: BackupTarget,
  outFile: string,
  progress: Progress,
  logger: Logger,
): Promise<Manifest> {
  const output = path.resolve(outFile);
  if (existsSync(output)) throw new Error(`${output} already exists: choose a new file name.`);
  const staging = await mkdtemp(path.join(path.dirname(output), '.tradecert-backup-'));
  try {
    const copy = await step(progress, 'Copying the database', target.stepTimeoutMs, () =>
      target.databaseUrl
        ? dumpExternalDatabase(target.databaseUrl, staging, target.stepTimeoutMs)
        : copyEmbeddedDatabase(target, staging, progress, logger),
    );
    const files = await step(progress, `Copying ${copy.keys.size} stored files`, target.stepTimeoutMs, () =>
      copyStoredFiles(target.storage, copy.keys, staging, progress),
    );
    return await step(progress, `Writing ${output}`, target.stepTimeoutMs, async () =>
      writeArchive(
        staging,
        {
          createdAt: new Date().toISOString(),
          appVersion: await appVersion(),
          schemaMigration: copy.schemaMigration,
          database: copy.database,
          files,
        },
        output,
      ),
    );
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

const isEmptyOrAbsent = async (directory: string) => !existsSync(directory) || (await readdir(directory)).length === 0;

/** Tables, sequences, views or schemas of our own: a database with any is not a restore target. */
async function assertEmptyDatabase(connectionString: string) {
  const { rows } = await withClient(connectionString, (client) =>
    client.query<{ objects: number }>(
      `select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname not in ('pg_catalog', 'information_schema')
                  and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%')
            + (select count(*) from pg_namespace
                where nspname not in ('pg_catalog', 'information_schema', 'public')
                  and nspname not like 'pg\\_%')::int as objects`,
    ),
  );
  if ((rows[0]?.objects ?? 0) > 0) {
    throw new Error(
      'The database at DATABASE_URL is not empty. Restore only into a new, empty database (stop the app first).',
    );
  }
}

async function restoreDump(connectionString: string, dumpFile: string, manifest: Manifest, timeoutMs: number) {
  if (manifest.database.kind !== 'pg_dump') return;
  const pgRestore = await newestTool('pg_restore');
  if (!pgRestore || pgRestore.major < manifest.database.dumpMajorVersion) {
    throw new Error(
      `This backup was made with pg_dump ${manifest.database.dumpMajorVersion}: install PostgreSQL ${manifest.database.dumpMajorVersion}'s client tools (or newer) to restore it.`,
    );
  }
  const child = connectionForChild(connectionString);
  // No owner or grants from the source: everything belongs to the role restoring it, the app's.
  await runTool(
    pgRestore,
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${child.dbname}`, dumpFile],
    child.env,
    timeoutMs,
  );
}

/** Lays the cluster's copy down as DATA_DIR/postgres, with the passwords its roles have. */
async function placeEmbeddedCluster(dataDir: string, unpacked: string, manifest: Manifest) {
  if (manifest.database.kind !== 'embedded-cluster') return;
  const databaseDir = path.join(dataDir, 'postgres');
  await rename(path.join(unpacked, manifest.database.directory), databaseDir);
  await chmod(databaseDir, 0o700);
  await rename(path.join(unpacked, manifest.database.credentials), credentialsFileFor(databaseDir));
  await chmod(credentialsFileFor(databaseDir), 0o600);
  // Run as root, the embedded PostgreSQL runs as the `postgres` OS user, which must own its data.
  if (postgresRunsAsOwnUser()) await execFileAsync('chown', ['-R', `${SUPERUSER}:`, databaseDir], { timeout: 600_000 });
}

/** Puts every `files/<key>` of the archive into storage; answers the keys. */
async function restoreStoredFiles(storage: FileStorage, unpacked: string, manifest: Manifest, progress: Progress) {
  const prefix = `${FILES_DIR}/`;
  const keys = manifest.entries
    .filter((entry) => entry.path.startsWith(prefix))
    .map((entry) => entry.path.slice(prefix.length));
  let count = 0;
  for (const key of keys) {
    await storage.put(key, await readFile(path.join(unpacked, FILES_DIR, key)));
    count += 1;
    if (count % 500 === 0) progress(`  ${count} of ${keys.length} files`);
  }
  return new Set(keys);
}

/**
 * Restores `archive` into an empty target: DATA_DIR (embedded) or the DATABASE_URL database, and
 * file storage. Refuses a target with data in it; the app must be stopped (a running app would
 * have migrated an empty database, so it is refused as not empty).
 */
export async function restoreBackup(
  target: BackupTarget,
  archive: string,
  progress: Progress,
  logger: Logger,
): Promise<Manifest> {
  const source = path.resolve(archive);
  if (!existsSync(source)) throw new Error(`${source} does not exist.`);
  const dataDir = target.dataDir;
  if (target.databaseUrl) {
    await assertEmptyDatabase(target.databaseUrl);
    if (!(await isEmptyOrAbsent(path.join(dataDir, 'files')))) {
      throw new Error(`${path.join(dataDir, 'files')} is not empty. Restore only into an empty file store.`);
    }
  } else if (!(await isEmptyOrAbsent(dataDir))) {
    throw new Error(`${dataDir} is not empty. Restore only into a new, empty DATA_DIR (stop the app first).`);
  }
  await secureDataDir(dataDir, { embeddedPostgres: !target.databaseUrl });
  // Inside DATA_DIR: the same file system, so the database's folder moves into place at once.
  const unpacked = path.join(dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  await mkdir(unpacked, { mode: 0o700 });
  try {
    const manifest = await step(progress, `Reading and checking ${source}`, target.stepTimeoutMs, () =>
      extractArchive(source, unpacked),
    );
    progress(
      `  made ${manifest.createdAt} by version ${manifest.appVersion} (schema ${manifest.schemaMigration}), ${manifest.files.count} files`,
    );
    if (!(await journal()).entries.some((entry) => entry.tag === manifest.schemaMigration)) {
      throw new Error(
        `This backup's database is at migration ${manifest.schemaMigration}, which this version does not know: restore it with the version that made it, or a newer one.`,
      );
    }
    if (manifest.database.kind === 'embedded-cluster' && target.databaseUrl) {
      throw new Error(
        'This backup holds the embedded database (its files, not a pg_dump): restore it with DATABASE_URL unset, into an empty DATA_DIR.',
      );
    }
    const referenced = await step(progress, 'Restoring the database', target.stepTimeoutMs, async () => {
      if (target.databaseUrl) {
        await restoreDump(target.databaseUrl, path.join(unpacked, DUMP_FILE), manifest, target.stepTimeoutMs);
        return withClient(target.databaseUrl, referencedKeys);
      }
      await placeEmbeddedCluster(dataDir, unpacked, manifest);
      // Starting it replays the copy's WAL (embedded-cluster.ts); a dump goes into a new `app` database.
      const cluster = await startEmbeddedPostgres(path.join(dataDir, 'postgres'), logger);
      try {
        const appUrl = await cluster.ensureAppDatabase(EMBEDDED_DATABASE);
        await restoreDump(appUrl, path.join(unpacked, DUMP_FILE), manifest, target.stepTimeoutMs);
        return await withClient(appUrl, referencedKeys);
      } finally {
        await cluster.stop();
      }
    });
    const restored = await step(progress, `Restoring ${manifest.files.count} stored files`, target.stepTimeoutMs, () =>
      restoreStoredFiles(target.storage, unpacked, manifest, progress),
    );
    const absent = [...referenced].filter((key) => !restored.has(key));
    if (absent.length > 0) {
      progress(
        `  warning: ${absent.length} files the database names are not in the backup (deleted while it was made): ${absent.slice(0, 3).join(', ')}`,
      );
    }
    return manifest;
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}
