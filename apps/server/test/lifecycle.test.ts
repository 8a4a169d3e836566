import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { type ServerProcess, spawnServer } from './support/server-process.ts';

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

async function withEmbeddedClient<T>(port: number, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/app` });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
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
    await withEmbeddedClient(port, (client) => client.query(`insert into users (email) values ('kept@example.com')`));

    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.logs.some((line) => line.msg === 'shutdown complete')).toBe(true);
    // A clean PostgreSQL shutdown removes its pid file.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    const second = start({ DATA_DIR: dataDir });
    const secondPort = await embeddedPort(second);
    await readyUrl(second);
    expect(second.logs.some((line) => line.msg === 'initialising embedded PostgreSQL (first start)')).toBe(false);
    const { rows } = await withEmbeddedClient(secondPort, (client) =>
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
  }, async () => {
    const killedDataDir = path.join(dataDir, 'killed');
    const first = start({ DATA_DIR: killedDataDir });
    const port = await embeddedPort(first);
    const url = await readyUrl(first);
    const email = 'kill-test@example.com';
    const password = 'harbour-trowel-magnet-47';
    const post = (route: string, body: object, token?: string) =>
      fetch(`${url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    expect((await post('/api/auth/signup', { email, password })).status).toBe(201);
    await withEmbeddedClient(port, (client) =>
      client.query('update users set email_confirmed_at = now() where email = $1', [email]),
    );
    const session = (await (await post('/api/auth/signin', { email, password })).json()) as {
      access_token: string;
      user: { id: string };
    };

    // Eight clients save drafts as fast as they can; the server is killed once 40 are acknowledged.
    const acknowledged: string[] = [];
    let killed = false;
    const client = async () => {
      while (!killed) {
        const response = await post(
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
    const { rows } = await withEmbeddedClient(secondPort, (pgClient) =>
      pgClient.query('select id from certificates where id = any($1::uuid[])', [acknowledged]),
    );
    expect(rows.map((row) => row.id).sort()).toEqual([...acknowledged].sort());

    // While its server lives, the data directory is refused to a second server.
    const third = start({ DATA_DIR: killedDataDir, PORT: '0' });
    const [code] = await once(third.child, 'exit');
    expect(code).toBe(1);
    expect(third.stderr()).toContain(`Another server (pid ${second.child.pid}) is using the data directory`);
    expect(await second.stop('SIGTERM')).toBe(0);
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
    // The PDF engine warms up once the server listens, so no user waits for the first render.
    await server.waitForLog((line) => line.msg === 'PDF engine ready');
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
