import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const launcher = path.join(path.dirname(fileURLToPath(import.meta.url)), 'start.mjs');
const folder = mkdtempSync(path.join(tmpdir(), 'tradecert-start-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs the launcher on a stand-in server whose whole code is `source`; its exit and stderr. */
async function launch(source: string) {
  const entry = path.join(folder, `server-${Math.random().toString(16).slice(2)}.mjs`);
  writeFileSync(entry, source);
  const child = spawn(process.execPath, [launcher, entry], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

const POINTER = 'run it under a supervisor: see README.md, "Running in production"';

describe('npm start launcher', () => {
  it('says nothing when the server stops cleanly', async () => {
    expect(await launch('process.exit(0);')).toEqual({ code: 0, stderr: '' });
  });

  it('names the exit code of a server that failed, and points to the production section', async () => {
    const { code, stderr } = await launch('process.exit(3);');
    expect(code).toBe(3);
    expect(stderr).toContain('The server exited with code 3;');
    expect(stderr).toContain(POINTER);
  });

  it('says so after an uncaught exception, below its stack', async () => {
    const { code, stderr } = await launch("setTimeout(() => { throw new Error('boom'); }, 1);");
    expect(code).toBe(1);
    expect(stderr).toContain('Error: boom');
    expect(stderr.trimEnd().split('\n').at(-1)).toContain('The server exited with code 1;');
  });

  it('names the signal that killed the server', async () => {
    const { code, stderr } = await launch("process.kill(process.pid, 'SIGKILL');");
    expect(code).toBe(128 + 9);
    expect(stderr).toContain('The server was stopped by SIGKILL;');
    expect(stderr).toContain(POINTER);
  });
});
