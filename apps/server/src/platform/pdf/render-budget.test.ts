import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { watchBudget } from './render-pool.ts';
import { currentThreadCpuClock, type ThreadCpuClock } from './thread-cpu.ts';

/*
 * ADR 0062: a render's budget is its worker thread's CPU time, so a machine too busy to give the
 * worker a core makes the render slow, not "too large" (and not remembered as too large).
 */

let worker: Worker | undefined;
afterEach(async () => {
  await worker?.terminate();
  worker = undefined;
});

/** A thread that either spins (a render working) or sleeps (a render waiting for a core), and its clock. */
async function threadThat(does: 'spins' | 'sleeps'): Promise<ThreadCpuClock> {
  // The clock as the PDF worker makes it (thread-cpu.ts), written out: an eval'd worker has no TypeScript loader.
  worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
     const fs = require('node:fs');
     const path = '/proc/' + fs.readlinkSync('/proc/thread-self') + '/stat';
     const fields = (stat) => stat.slice(stat.lastIndexOf(')') + 2).split(' ');
     const [utime, stime] = fields(fs.readFileSync(path, 'utf8')).slice(11, 13).map(Number);
     parentPort.postMessage({ path, cpuMs: (utime + stime) * 10 });
     if (${JSON.stringify(does)} === 'spins') for (;;) {}
     else setInterval(() => {}, 1000);`,
    { eval: true },
  );
  return new Promise((resolve) => worker?.once('message', resolve));
}

const outcome = (clock: ThreadCpuClock | null, budgetMs: number, starvedAfterMs?: number) =>
  new Promise<string>((resolve) => {
    watchBudget(clock, budgetMs, resolve, starvedAfterMs);
  });

describe('a render budget counted in CPU time', () => {
  it('reads this thread’s CPU time on Linux', () => {
    const clock = currentThreadCpuClock();
    expect(clock?.path).toMatch(/^\/proc\/\d+\/task\/\d+\/stat$/);
    expect(clock?.cpuMs).toBeGreaterThanOrEqual(0);
  });

  it('stops a thread that uses its budget of CPU as too large', async () => {
    expect(await outcome(await threadThat('spins'), 100)).toBe('too_large');
  });

  it('never calls a thread that only waits too large: past its wall-time limit it is starved', async () => {
    expect(await outcome(await threadThat('sleeps'), 50, 500)).toBe('starved');
  });

  it('falls back to wall time where the CPU time cannot be read', async () => {
    expect(await outcome(null, 10)).toBe('too_large');
  });
});
