import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, credentialsFileFor, findFreePort } from '../../src/db/embedded.ts';
import EmbeddedPostgres from '../../src/db/embedded-postgres.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { recordFigures } from '../reliability/figures.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { multipartBody } from '../support/multipart.ts';
import { type ServerProcess, spawnServer } from '../support/server-process.ts';

let dataDir: string;
const running: ServerProcess[] = [];

function start(env: Record<string, string>) {
  const server = spawnServer({ PORT: '0', ...env });
  running.push(server);
  return server;
}

async function readyUrl(server: ServerProcess): Promise<string> {
  const ready = await server.waitForLog((line) => line.msg === 'server ready');
  return String(ready.url);
}

async function embeddedPort(server: ServerProcess): Promise<number> {
  const line = await server.waitForLog((entry) => entry.msg === 'embedded PostgreSQL started');
  return Number(line.port);
}

async function credentialsOf(serverDataDir: string) {
  const file = credentialsFileFor(path.join(serverDataDir, 'postgres'));
  return JSON.parse(await readFile(file, 'utf8')) as { superuserPassword: string; appPassword: string };
}

/** A superuser connection to the `app` database of a running server's embedded cluster. */
async function withEmbeddedClient<T>(
  serverDataDir: string,
  port: number,
  work: (client: pg.Client) => Promise<T>,
  { user = 'postgres', password }: { user?: string; password?: string } = {},
) {
  const secret = password ?? (await credentialsOf(serverDataDir)).superuserPassword;
  const client = new pg.Client({ connectionString: `postgres://${user}:${secret}@127.0.0.1:${port}/app` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const post = (url: string, route: string, body: object, token?: string) =>
  fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** Signs a new user up (which writes the confirmation mail to the outbox), confirms and signs in. */
async function signUpAndSignIn(url: string, serverDataDir: string, port: number, email: string) {
  const password = 'harbour-trowel-magnet-47';
  expect((await post(url, '/api/auth/signup', { email, password })).status).toBe(201);
  await withEmbeddedClient(serverDataDir, port, (client) =>
    client.query('update users set email_confirmed_at = now() where email = $1', [email]),
  );
  const response = await post(url, '/api/auth/signin', { email, password });
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; user: { id: string } };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tradecert-data-'));
  await chmod(dataDir, 0o755);
});

afterAll(async () => {
  // A clean stop also stops each server's PostgreSQL; a test that failed midway leaves none behind.
  await Promise.all(running.map((server) => server.stop('SIGTERM')));
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start with no DATABASE_URL (embedded PostgreSQL)', () => {
  it('initialises the data dir, serves health, shuts down cleanly on SIGTERM, and keeps the data for the next start', async () => {
    const first = start({ DATA_DIR: dataDir });
    const port = await embeddedPort(first);
    const url = await readyUrl(first);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    await withEmbeddedClient(dataDir, port, (client) =>
      client.query(`insert into users (email) values ('kept@example.com')`),
    );

    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.logs.some((line) => line.msg === 'shutdown complete')).toBe(true);
    // A clean PostgreSQL shutdown removes its pid file.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = start({ DATA_DIR: dataDir });
    const secondPort = await embeddedPort(second);
    await readyUrl(second);
    expect(second.logs.some((line) => line.msg === 'initialising embedded PostgreSQL (first start)')).toBe(false);
    const { rows } = await withEmbeddedClient(dataDir, secondPort, (client) =>
      client.query(`select email from users where email = 'kept@example.com'`),
    );
    expect(rows).toHaveLength(1);

    expect(await second.stop('SIGINT')).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});

describe('a server killed with kill -9 in the middle of writes', () => {
  it('loses no acknowledged write, and the next start takes over the PostgreSQL it left running', {
    timeout: 120_000,
  }, async (context) => {
    const killedDataDir = path.join(dataDir, 'killed');
    const first = start({ DATA_DIR: killedDataDir });
    const port = await embeddedPort(first);
    const url = await readyUrl(first);
    const session = await signUpAndSignIn(url, killedDataDir, port, 'kill-test@example.com');

    // Eight clients save drafts as fast as they can; the server is killed once 40 are acknowledged.
    const acknowledged: string[] = [];
    let killed = false;
    const client = async () => {
      while (!killed) {
        const response = await post(
          url,
          '/api/certificates',
          { user_id: session.user.id, status: 'draft', job_site_address: `${acknowledged.length} Kill St` },
          session.access_token,
        ).catch(() => null);
        if (response?.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
        if (acknowledged.length >= 40 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    await first.stop();

    const second = start({ DATA_DIR: killedDataDir });
    const secondPort = await embeddedPort(second);
    await readyUrl(second);
    expect(second.logs.some((line) => String(line.msg).startsWith('stopping the embedded PostgreSQL left'))).toBe(true);
    const { rows } = await withEmbeddedClient(killedDataDir, secondPort, (pgClient) =>
      pgClient.query('select id from certificates where id = any($1::uuid[])', [acknowledged]),
    );
    const kept = new Set(rows.map((row) => row.id));
    recordFigures(context, { acknowledgedWritesLost: acknowledged.filter((id) => !kept.has(id)).length });
    expect(rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());

    // While its server lives, the data directory is refused to a second server.
    const third = start({ DATA_DIR: killedDataDir, PORT: '0' });
    const [code] = await once(third.child, 'exit');
    expect(code).toBe(1);
    expect(third.stderr()).toContain(`Another server (pid ${second.child.pid}) is using the data directory`);
    expect(await second.stop('SIGTERM')).toBe(0);
  });
});

describe('the embedded PostgreSQL dying under a running server', () => {
  it('makes the server exit non-zero, and the next start on the same data dir works', {
    timeout: 120_000,
  }, async () => {
    const serverDataDir = path.join(dataDir, 'postmaster-killed');
    const first = start({ DATA_DIR: serverDataDir });
    await readyUrl(first);
    const pidFile = await readFile(path.join(serverDataDir, 'postgres', 'postmaster.pid'), 'utf8');
    const closed = once(first.child, 'close');
    process.kill(Number.parseInt(pidFile, 10), 'SIGKILL');
    const [code] = await closed;
    expect(code).toBe(1);
    expect(first.logs.some((line) => line.level === 60 && String(line.msg).includes('PostgreSQL exited'))).toBe(true);

    const second = start({ DATA_DIR: serverDataDir });
    const url = await readyUrl(second);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(await second.stop('SIGTERM')).toBe(0);
  });
});

describe('the embedded PostgreSQL and other local users', () => {
  const refusesPassword = (serverDataDir: string, port: number, password: string) =>
    expect(withEmbeddedClient(serverDataDir, port, async () => {}, { password })).rejects.toMatchObject({
      code: '28P01',
    });

  it('keeps random passwords in a 0600 file, and the app signs in as a role that is no superuser', async () => {
    const serverDataDir = path.join(dataDir, 'credentials');
    const server = start({ DATA_DIR: serverDataDir });
    const port = await embeddedPort(server);
    const url = await readyUrl(server);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    expect((await stat(credentialsFileFor(path.join(serverDataDir, 'postgres')))).mode & 0o777).toBe(0o600);
    await refusesPassword(serverDataDir, port, 'postgres');
    // Who the server's own pool is signed in as, as PostgreSQL sees it.
    const poolRoles = await withEmbeddedClient(serverDataDir, port, async (client) => {
      const { rows } = await client.query(
        `select distinct usename from pg_stat_activity where datname = 'app' and pid <> pg_backend_pid()`,
      );
      return rows.map((row) => row.usename);
    });
    expect(poolRoles).toEqual([APP_ROLE]);
    const asAppRole = { user: APP_ROLE, password: (await credentialsOf(serverDataDir)).appPassword };
    await withEmbeddedClient(
      serverDataDir,
      port,
      async (client) => {
        const { rows } = await client.query('select rolsuper from pg_roles where rolname = current_user');
        expect(rows).toEqual([{ rolsuper: false }]);
        await expect(client.query(`copy (select 1) to program 'true'`)).rejects.toMatchObject({ code: '42501' });
      },
      asAppRole,
    );
    expect(await server.stop()).toBe(0);
  });

  it('upgrades a data dir from before: password `postgres`, objects owned by the superuser', {
    timeout: 120_000,
  }, async () => {
    const legacyDataDir = path.join(dataDir, 'legacy');
    // What earlier versions did: initdb with the fixed password, then migrations as that superuser.
    const legacyPort = await findFreePort();
    const legacy = new EmbeddedPostgres({
      databaseDir: path.join(legacyDataDir, 'postgres'),
      user: 'postgres',
      password: 'postgres',
      port: legacyPort,
      createPostgresUser: true,
      initdbFlags: ['--encoding=UTF8', '--locale=C'],
      postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      onLog: () => {},
    });
    await legacy.initialise();
    await legacy.start();
    await legacy.createDatabase('app');
    await runMigrations(`postgres://postgres:postgres@127.0.0.1:${legacyPort}/app`);
    await legacy.stop();

    const server = start({ DATA_DIR: legacyDataDir });
    const port = await embeddedPort(server);
    const url = await readyUrl(server);
    await signUpAndSignIn(url, legacyDataDir, port, 'upgraded@example.com');
    await refusesPassword(legacyDataDir, port, 'postgres');
    const owners = await withEmbeddedClient(legacyDataDir, port, async (client) => {
      const { rows } = await client.query(`
        select pg_get_userbyid(relowner) as owner from pg_class
         where relnamespace in ('public'::regnamespace, 'drizzle'::regnamespace)
        union select pg_get_userbyid(nspowner) from pg_namespace where nspname = 'drizzle'
        union select pg_get_userbyid(datdba) from pg_database where datname = 'app'`);
      return rows.map((row) => row.owner);
    });
    expect(owners).toEqual([APP_ROLE]);
    expect(await server.stop()).toBe(0);
  });
});

describe('DATA_DIR', () => {
  it('is closed to other local users, including what an earlier version left readable', async () => {
    const serverDataDir = path.join(dataDir, 'private');
    // As a version without the umask left it: a world-readable photo in a world-readable folder.
    await mkdir(path.join(serverDataDir, 'files'), { recursive: true, mode: 0o755 });
    await writeFile(path.join(serverDataDir, 'files', 'old-photo.jpg'), 'photo', { mode: 0o644 });
    const server = start({ DATA_DIR: serverDataDir });
    const port = await embeddedPort(server);
    const url = await readyUrl(server);
    const session = await signUpAndSignIn(url, serverDataDir, port, 'private@example.com');
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8899aa' } })
      .jpeg()
      .toBuffer();
    const upload = multipartBody(jpeg, 'site.jpg', 'image/jpeg');
    const uploaded = await fetch(`${url}/api/certificates/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}`, ...upload.headers },
      body: upload.payload,
    });
    expect(uploaded.status).toBe(201);

    const groupOrOthers = async (target: string) => (await stat(target)).mode & 0o077;
    // The sign-up mail goes out through the job queue, after the request: wait for it to reach the outbox.
    await expect
      .poll(async () => (await readdir(path.join(serverDataDir, 'outbox')).catch(() => [])).length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    // Run as root, the postgres OS user must pass through (0711) to its data; nobody may list it.
    expect((await stat(serverDataDir)).mode & 0o066).toBe(0);
    const written = [
      ...(await readdir(path.join(serverDataDir, 'files'), { recursive: true })).map((entry) => `files/${entry}`),
      ...(await readdir(path.join(serverDataDir, 'outbox'))).map((entry) => `outbox/${entry}`),
    ].filter((entry) => entry !== 'files/old-photo.jpg');
    expect(written.filter((entry) => entry.startsWith('outbox/'))).not.toHaveLength(0);
    expect(written.filter((entry) => entry.startsWith('files/'))).not.toHaveLength(0);
    for (const entry of ['files', 'outbox', ...written]) {
      expect({ entry, mode: await groupOrOthers(path.join(serverDataDir, entry)) }).toEqual({ entry, mode: 0 });
    }
    expect(await server.stop()).toBe(0);
  });
});

describe('npm start with DATABASE_URL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('uses the given database and starts no embedded one', async () => {
    const otherDataDir = path.join(dataDir, 'unused');
    const server = start({ DATA_DIR: otherDataDir, DATABASE_URL: database.url });
    const url = await readyUrl(server);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(existsSync(path.join(otherDataDir, 'postgres'))).toBe(false);
    expect(server.logs.some((line) => line.msg === 'embedded PostgreSQL started')).toBe(false);
    // The PDF workers warm up once the server listens, so no user waits for the first render.
    await server.waitForLog((line) => line.msg === 'PDF workers ready');
    expect(await server.stop()).toBe(0);
  });
});

describe('invalid configuration', () => {
  it('refuses to start with a clear one-line message', async () => {
    const server = start({ DATA_DIR: dataDir, PORT: 'not-a-port', DATABASE_URL: 'mysql://nope' });
    const [code] = await new Promise<[number | null]>((resolve) =>
      server.child.once('exit', (exit) => resolve([exit])),
    );
    expect(code).toBe(1);
    const message = server.stderr().trim();
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toMatch(/^Invalid configuration: PORT: .*; DATABASE_URL: must start with postgres:\/\//);
  });
});
