import { randomUUID } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../support/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { type ServerProcess, spawnServer } from '../support/server-process.ts';

/**
 * ADR 0095: the real entry point with SERVER_PROCESSES=2, a primary and two node:cluster workers on
 * one port. Each request goes on a connection of its own, so the primary hands them round; which
 * worker answered is read from its log line, found by the request id the test sent.
 */

/** Enough fresh connections that round-robin reaches every worker many times over. */
const ATTEMPTS = 40;

let dataDir: string;
let database: TestDatabase;
let server: ServerProcess;
let base: string;

type Answer = { status: number; body: string; worker: number };

/** One request on a new connection; `worker` is the id on the log line of its request id. */
async function call(route: string, options: { method?: string; token?: string; body?: unknown } = {}): Promise<Answer> {
  const requestId = `probe-${randomUUID()}`;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = request(
      `${base}${route}`,
      {
        method: options.method ?? 'GET',
        agent: false,
        timeout: 20_000,
        headers: {
          'x-request-id': requestId,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`${route}: no answer within 20 s`)));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
  const line = await server.waitForLog(
    (entry) => entry.reqId === requestId && entry.msg === 'request completed',
    10_000,
  );
  return { status, body, worker: Number(line.worker) };
}

/** Calls `route` on fresh connections until `done` holds for the answers so far, at most ATTEMPTS times. */
async function callUntil(route: string, options: { token?: string }, done: (answers: Answer[]) => boolean) {
  const answers: Answer[] = [];
  for (let attempt = 0; attempt < ATTEMPTS && !done(answers); attempt++) answers.push(await call(route, options));
  return answers;
}

const workersOf = (answers: Answer[], status: number) =>
  new Set(answers.filter((answer) => answer.status === status).map((answer) => answer.worker));

const listeningWorkers = () =>
  server.logs.filter((line) => line.msg === 'HTTP worker listening').map((line) => Number(line.pid));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'tradecert-processes-'));
  await chmod(dataDir, 0o700);
  database = await createTestDatabase();
  server = spawnServer({
    SERVER_PROCESSES: '2',
    DATABASE_URL: database.url,
    // Each worker opens 2 of the instance's 4 connections.
    DATABASE_POOL_SIZE: '4',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'info',
    MAX_CONNECTIONS_PER_IP: '0',
  });
  const ready = await server.waitForLog((line) => line.msg === 'server ready', 150_000);
  base = String(ready.url);
  // The workers write to the same stdout as the primary: their own lines may come just after its.
  await server.waitForLog(() => listeningWorkers().length === 2, 20_000);
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('several HTTP processes on one port', () => {
  it('both workers answer, and /metrics sums what each holds', async () => {
    expect(listeningWorkers()).toHaveLength(2);
    const answers = await callUntil('/api/health/ready', {}, (so) => workersOf(so, 200).size === 2);
    expect(workersOf(answers, 200).size).toBe(2);

    // Each worker's pool has 2 connections: the instance's 4 only when both are counted.
    const metrics = await call('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.body).toMatch(/^db_pool_max_connections 4$/m);
    expect(metrics.body).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/health\/ready",status="200"\} \d+$/m,
    );
  });

  it('a session signed out through one worker is refused by the other', async () => {
    const email = uniqueEmail('processes');
    expect((await call('/api/auth/signup', { method: 'POST', body: { email, password: GOOD_PASSWORD } })).status).toBe(
      201,
    );
    await database.db.$client.query('update users set email_confirmed_at = now() where email = $1', [email]);
    const signIn = await call('/api/auth/signin', { method: 'POST', body: { email, password: GOOD_PASSWORD } });
    expect(signIn.status).toBe(200);
    const token = (JSON.parse(signIn.body) as { access_token: string }).access_token;
    const signedIn = await callUntil('/api/certificates?limit=1', { token }, (so) => workersOf(so, 200).size === 2);
    expect(workersOf(signedIn, 200).size).toBe(2);

    const signOut = await call('/api/auth/signout', { method: 'POST', token });
    expect(signOut.status).toBe(200);
    // The other worker hears of it by NOTIFY a moment after the commit: once it refuses, both do.
    const after = await callUntil('/api/certificates?limit=1', { token }, (so) => workersOf(so, 401).size === 2);
    expect(workersOf(after, 401)).toEqual(new Set([1, 2]));
    const other = after.filter((answer) => answer.worker !== signOut.worker);
    expect(other.at(-1)?.status).toBe(401);
    // The worker that signed the session out refuses it at once.
    expect(after.filter((answer) => answer.worker === signOut.worker).every((answer) => answer.status === 401)).toBe(
      true,
    );
  });

  it('a killed worker is replaced, and the app answers meanwhile', async () => {
    const [killed, survivor] = listeningWorkers();
    if (killed === undefined || survivor === undefined) throw new Error('two workers expected');
    process.kill(killed, 'SIGKILL');
    const exit = await server.waitForLog(
      (line) => line.msg === 'HTTP worker exited; starting another' && line.worker_pid === killed,
      20_000,
    );
    expect(exit.signal).toBe('SIGKILL');

    // Before the replacement is up, the survivor takes every request.
    expect((await call('/api/health/live')).status).toBe(200);

    const replacement = await server.waitForLog(
      (line) => line.msg === 'HTTP worker listening' && Number(line.pid) !== killed && Number(line.pid) !== survivor,
      120_000,
    );
    const answers = await callUntil('/api/health/ready', {}, (so) =>
      so.some((answer) => answer.worker === replacement.worker && answer.status === 200),
    );
    expect(answers.some((answer) => answer.worker === replacement.worker && answer.status === 200)).toBe(true);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
  });

  it('SIGTERM drains the workers and the primary exits 0', async () => {
    const workers = server.logs.filter((line) => line.msg === 'HTTP worker listening').map((line) => Number(line.pid));
    expect(await server.stop('SIGTERM')).toBe(0);
    const completed = server.logs.filter((line) => line.msg === 'shutdown complete');
    // Both live workers, then the primary (the line without a worker).
    expect(completed.filter((line) => line.worker !== undefined)).toHaveLength(2);
    expect(completed.at(-1)?.worker).toBeUndefined();
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});
