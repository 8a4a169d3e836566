import { execSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import pino from 'pino';
import { Agent, request } from 'undici';
import { loadConfig } from '../apps/server/src/config.ts';
import { findFreePort, startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Stats = { count: number; perSecond: number; p50: number; p99: number };

/** What each meter read around each slice added up to, per request answered in those slices. */
export type MeteredStats<Meter extends string = string> = Stats & { perRequest: Record<Meter, number> };

export function summarise(latenciesMs: number[], seconds: number): Stats {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { count: sorted.length, perSecond: sorted.length / seconds, p50: at(0.5), p99: at(0.99) };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Runs `task` from `concurrency` loops for `seconds`; each call's latency. */
async function loopLatencies(task: () => Promise<void>, concurrency: number, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        await task();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

/** Runs `task` from `concurrency` loops for `seconds`, collecting each call's latency. */
export async function closedLoop(task: () => Promise<void>, concurrency: number, seconds: number): Promise<Stats> {
  return summarise(await loopLatencies(task, concurrency, seconds), seconds);
}

/**
 * Runs each of `tasks` for `seconds` in all, in turn, one slice of `seconds / slices` at a time: a
 * load that comes and goes meanwhile (other processes on a shared machine) weighs on each alike, so
 * their ratio holds where back-to-back runs of several seconds each would compare different loads.
 * The order is the same every round: order the tasks so that each side of a comparison follows the
 * other alike (ADR 0091).
 */
export async function interleavedLoops<Meter extends string>(
  tasks: ReadonlyArray<() => Promise<void>>,
  concurrency: number,
  seconds: number,
  slices: number,
  /** Each read before and after each slice (e.g. the server's CPU so far): its growth per request, by task. */
  meters: Record<Meter, () => number>,
): Promise<MeteredStats<Meter>[]> {
  const names = Object.keys(meters) as Meter[];
  const read = () => names.map((name) => meters[name]());
  const latencies = tasks.map((): number[] => []);
  const metered = tasks.map(() => names.map(() => 0));
  for (let slice = 0; slice < slices; slice++) {
    for (const [index, task] of tasks.entries()) {
      const before = read();
      latencies[index]?.push(...(await loopLatencies(task, concurrency, seconds / slices)));
      const after = read();
      metered[index] = metered[index]?.map((sum, at) => sum + (after[at] ?? 0) - (before[at] ?? 0)) ?? [];
    }
  }
  return latencies.map((each, index) => ({
    ...summarise(each, seconds),
    perRequest: Object.fromEntries(
      names.map((name, at) => [name, (metered[index]?.[at] ?? 0) / each.length]),
    ) as Record<Meter, number>,
  }));
}

/** This process's CPU time so far (user + system, every thread), in ms. */
export function ownCpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const clockTicksPerSecond = () => Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim());

/** `pid` and every process below it (node:cluster's workers), from /proc's children lists. */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    // The process has exited: it has no children left to count.
  }
  return [pid, ...children.flatMap(processTree)];
}

/**
 * The CPU time (user + system, every thread) the process `pid` and its children have spent so far, in
 * ms, from /proc/<pid>/stat: the server's own cost, whatever else the machine runs (ADR 0101).
 */
export function processCpuMs(pid: number): () => number {
  const msPerTick = 1000 / clockTicksPerSecond();
  const cpuTicks = (each: number) => {
    try {
      // The command name (field 2) may hold spaces, so fields are counted after its closing parenthesis:
      // utime and stime are fields 14 and 15, the 12th and 13th after it.
      const fields = readFileSync(`/proc/${each}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return 0;
    }
  };
  return () => processTree(pid).reduce((sum, each) => sum + cpuTicks(each), 0) * msPerTick;
}

/** A fresh embedded PostgreSQL with the schema applied. */
export async function freshDatabase() {
  const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-bench-'));
  await chmod(directory, 0o755);
  const cluster = await startEmbeddedPostgres(path.join(directory, 'postgres'), pino({ level: 'warn' }));
  const url = await cluster.ensureAppDatabase('bench');
  await runMigrations(url);
  return { url, directory, stop: () => cluster.stop() };
}

/**
 * The real server, as `npm start` runs it (the esbuild bundle, built here first, with as many HTTP
 * processes as SERVER_PROCESSES or the machine's default), in a child process so the load generator
 * does not share its thread.
 */
export async function startServerProcess(env: Record<string, string>) {
  const port = await findFreePort();
  // SERVER_NODE_ARGS profiles the server alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  // The young generation `npm start` gives the server (scripts/start.mjs, ADR 0095), then SERVER_NODE_ARGS.
  const nodeArgs = ['--max-semi-space-size=64', ...(process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  // SERVER_BUNDLE runs a build kept aside (e.g. apps/server/dist/before/main.js, with its pdf-worker.js)
  // instead of building the sources: a before/after pair measured in turn, under the same load.
  const bundle = process.env.SERVER_BUNDLE;
  if (!bundle) execSync('npm run build -w @app/server', { cwd: root, stdio: 'ignore' });
  const serverEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env };
  const child = spawn(process.execPath, [...nodeArgs, bundle ?? 'apps/server/dist/main.js'], {
    cwd: root,
    env: serverEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      if (attempt > 300) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    base,
    /** HTTP processes serving it: SERVER_PROCESSES, else the server's default for this machine (ADR 0095). */
    processes: loadConfig(serverEnv).httpProcesses,
    /** The server's CPU time so far in ms, its HTTP processes' together. */
    cpuMs: processCpuMs(child.pid ?? 0),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A fresh database and the real server on it (`env` is added to its DATABASE_URL and DATA_DIR);
 * `stop` stops the server, then the database.
 */
export async function startBenchServer(env: Record<string, string> = {}) {
  const database = await freshDatabase();
  const server = await startServerProcess({ DATABASE_URL: database.url, DATA_DIR: database.directory, ...env }).catch(
    async (error: unknown) => {
      await database.stop();
      throw error;
    },
  );
  return {
    base: server.base,
    processes: server.processes,
    cpuMs: server.cpuMs,
    database,
    stop: async () => {
      await server.stop();
      await database.stop();
    },
  };
}

// The load generator shares the machine's cores with the server and PostgreSQL, so it must cost as
// little as it can: undici spends a fraction of node:http's CPU per request (as autocannon does).
const agent = new Agent({ connections: 64, pipelining: 1, keepAliveTimeout: 30_000 });

/** One request on a keep-alive connection; resolves once the whole body has arrived. */
export async function httpRequest(
  url: string,
  headers: Record<string, string>,
  options: { method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; body?: unknown } = {},
): Promise<{ status: number; body: string }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const response = await request(url, {
    dispatcher: agent,
    method: options.method ?? 'GET',
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: payload,
  });
  return { status: response.statusCode, body: await response.body.text() };
}

/**
 * A confirmed, signed-in user made through the API. `clientIp` (with TRUST_PROXY=true) gives each
 * simulated user its own address, as real users have, so per-IP sign-up limits do not pool.
 */
export async function createUser(base: string, client: pg.Client | pg.Pool, email: string, clientIp = '127.0.0.1') {
  const password = 'bench-harbour-trowel-magnet-47';
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': clientIp };
  const signUp = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await client.query('update users set email_confirmed_at = now() where email = $1', [email]);
  const signIn = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const session = (await signIn.json()) as { access_token: string; user: { id: string } };
  // Records are the business's (ADR 0077): direct-SQL baselines scope by it, as the repositories do.
  const { rows } = await client.query<{ business_id: string }>(
    'select business_id from memberships where user_id = $1',
    [session.user.id],
  );
  const businessId = rows[0]?.business_id;
  if (!businessId) throw new Error(`${email} belongs to no business`);
  return { token: session.access_token, userId: session.user.id, businessId };
}

export const format = (value: number, digits = 1) => value.toFixed(digits);
