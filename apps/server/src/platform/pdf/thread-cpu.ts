import { readFileSync, readlinkSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/**
 * A thread's own CPU time, readable from another thread (ADR 0062): Linux keeps each thread's user
 * and system time in /proc/<pid>/task/<tid>/stat. A PDF's render budget is counted in it, so a busy
 * machine makes a render slow, never "too large".
 */
export type ThreadCpuClock = { path: string; cpuMs: number };

/** Linux reports these times in USER_HZ ticks, 100 a second on every architecture it runs on. */
const MS_PER_TICK = 10;

/** Where the calling thread's CPU time is read, and how much it has used so far; null off Linux. */
export function currentThreadCpuClock(): ThreadCpuClock | null {
  try {
    // /proc/thread-self is the reader's own thread: another thread needs the path it points to.
    const path = `/proc/${readlinkSync('/proc/thread-self')}/stat`;
    const cpuMs = cpuMsIn(readFileSync(path, 'utf8'));
    return cpuMs === null ? null : { path, cpuMs };
  } catch {
    return null;
  }
}

/** The CPU time a thread has used, read from the path its clock names; null once it cannot be read. */
export async function threadCpuMs(clock: ThreadCpuClock): Promise<number | null> {
  try {
    return cpuMsIn(await readFile(clock.path, 'utf8'));
  } catch {
    return null;
  }
}

/** utime + stime of a stat(5) line: fields 14 and 15, counted after the name, which may hold spaces. */
function cpuMsIn(stat: string): number | null {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * MS_PER_TICK : null;
}
