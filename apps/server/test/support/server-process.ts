import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerProcess = {
  child: ChildProcess;
  /** JSON log lines printed so far. */
  logs: Array<Record<string, unknown>>;
  stderr: () => string;
  /** Resolves with the first log line that satisfies `predicate`. */
  waitForLog: (
    predicate: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ) => Promise<Record<string, unknown>>;
  /** Sends `signal` and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * Runs the real server entry point (src/main.ts through tsx) as a child process: one HTTP process
 * unless `env` asks for several (SERVER_PROCESSES, ADR 0095).
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      SERVER_PROCESSES: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Array<Record<string, unknown>> = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        // Not a log line (e.g. a stray print from postgres): ignore it.
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });

  return {
    child,
    logs,
    stderr: () => stderr,
    waitForLog(predicate, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = logs.find(predicate);
          if (found) {
            cleanup();
            resolve(found);
          }
        };
        const onExit = () => {
          cleanup();
          reject(new Error(`server exited before the expected log line. stderr: ${stderr}`));
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`timed out waiting for a log line. stderr: ${stderr}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
          child.off('exit', onExit);
        };
        waiters.add(check);
        child.once('exit', onExit);
        check();
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const [code] = await once(child, 'exit');
      return code as number | null;
    },
  };
}
