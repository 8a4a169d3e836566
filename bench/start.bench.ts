import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort } from '../apps/server/src/db/embedded.ts';
import { judge } from './goals.ts';
import { format, root } from './support.ts';

/**
 * ADR 0083: `npm start` on a built tree serves within 10 s (goal in goals.ts). `npm start` runs as a
 * user runs it, twice on one fresh data directory, each timed from the command until
 * /api/health/ready answers 200. The first start (a build if an input changed, a new embedded
 * PostgreSQL, the migrations) is printed beside the second, which is judged.
 */
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 30_000;

const exited = (child: ChildProcess, timeoutMs: number) =>
  new Promise<boolean>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(true);
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

/** One `npm start`, in a process group of its own (npm, the build check, the launcher, the server). */
async function timedStart(dataDir: string) {
  const port = await findFreePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  const group = child.pid;
  if (group === undefined) throw new Error('npm start did not start');
  const stop = async () => {
    process.kill(-group, 'SIGTERM');
    if (!(await exited(child, STOP_TIMEOUT_MS))) process.kill(-group, 'SIGKILL');
  };
  while (true) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    if (performance.now() - started > READY_TIMEOUT_MS) {
      await stop();
      throw new Error(`npm start was not ready within ${READY_TIMEOUT_MS / 1000} s`);
    }
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(2000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  await stop();
  return seconds;
}

export async function runStartBenchmark() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tradecert-start-'));
  // Run as root, embedded PostgreSQL drops to its own user, which must reach the data directory.
  await chmod(dataDir, 0o755);
  try {
    const first = await timedStart(path.join(dataDir, 'data'));
    const second = await timedStart(path.join(dataDir, 'data'));
    console.log('\n`npm start`, from the command until /api/health/ready answers');
    console.log(`first start (build if needed, new embedded PostgreSQL, migrations): ${format(first, 1)} s`);
    console.log(`second start, nothing changed: ${format(second, 1)} s`);
    console.log(judge('secondStart', second));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
