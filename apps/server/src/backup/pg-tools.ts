import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export type PgTool = { path: string; major: number };

/** Where PostgreSQL's client tools may be: PATH, then Debian's versioned folders. */
function candidateDirectories(): string[] {
  const fromPath = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const debian = '/usr/lib/postgresql';
  const versioned = existsSync(debian) ? readdirSync(debian).map((version) => path.join(debian, version, 'bin')) : [];
  return [...fromPath, ...versioned];
}

/** The newest `pg_dump` or `pg_restore` on this machine, or null. */
export async function newestTool(name: 'pg_dump' | 'pg_restore'): Promise<PgTool | null> {
  let best: PgTool | null = null;
  for (const directory of new Set(candidateDirectories())) {
    const candidate = path.join(directory, name);
    if (!existsSync(candidate)) continue;
    const { stdout } = await execFileAsync(candidate, ['--version'], { timeout: 10_000 }).catch(() => ({ stdout: '' }));
    const major = Number.parseInt(/(\d+)(\.\d+)?/.exec(stdout)?.[1] ?? '', 10);
    if (major > 0 && (!best || major > best.major)) best = { path: candidate, major };
  }
  return best;
}

/**
 * A connection string without its password, which goes to the child in PGPASSWORD instead: a
 * command line is readable by every local user (`ps`).
 */
export function connectionForChild(connectionString: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs a PostgreSQL tool with a deadline; its stderr becomes the error's message. */
export async function runTool(tool: PgTool, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<void> {
  try {
    await execFileAsync(tool.path, args, {
      env,
      timeout: timeoutMs,
      killSignal: 'SIGTERM',
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    const failure = error as { stderr?: string; killed?: boolean; message: string };
    if (failure.killed) throw new Error(`${path.basename(tool.path)} did not finish within ${timeoutMs / 1000} s`);
    throw new Error(`${path.basename(tool.path)} failed: ${(failure.stderr || failure.message).trim()}`);
  }
}
