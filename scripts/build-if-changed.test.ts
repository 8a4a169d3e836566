import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'build-if-changed.mjs');
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/**
 * A stand-in build: writes both bundles' entry files and logs each run; fails while `fail-build`
 * exists. It is not itself an input, like the real build's tools in node_modules.
 */
const FAKE_BUILD = `
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
appendFileSync('builds.log', 'built\\n');
if (existsSync('fail-build')) process.exit(4);
for (const folder of ['apps/server/dist', 'apps/web/dist']) mkdirSync(folder, { recursive: true });
writeFileSync('apps/server/dist/main.js', 'server');
writeFileSync('apps/web/dist/index.html', 'web');
`;

/** A repository laid out like ours, with the sources the build reads and some files it does not. */
function makeRepository() {
  const root = mkdtempSync(path.join(tmpdir(), 'tradecert-build-stamp-'));
  folders.push(root);
  const files: Record<string, string> = {
    'package.json': '{}',
    'package-lock.json': '{}',
    'tsconfig.base.json': '{}',
    'fake-build.mjs': FAKE_BUILD,
    'apps/server/src/main.ts': 'export {};',
    'apps/server/src/rules.test.ts': 'test',
    'apps/server/test/api.test.ts': 'test',
    'apps/web/src/App.tsx': 'export {};',
    'apps/web/node_modules/some-package/index.js': 'module.exports = 1;',
    'packages/contract/src/index.ts': 'export {};',
  };
  for (const [file, content] of Object.entries(files)) write(root, file, content);
  return root;
}

function write(root: string, file: string, content: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
}

/** How many times the stand-in build ran: one line each in builds.log. */
function buildCount(root: string) {
  const log = path.join(root, 'builds.log');
  return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0;
}

/** Runs the script as `npm start` does, with the stand-in build; its exit, its output and whether it built. */
async function start(root: string) {
  const buildsBefore = buildCount(root);
  const child = spawn(process.execPath, [script, process.execPath, 'fake-build.mjs'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output, built: buildCount(root) > buildsBefore };
}

/** A repository built once by the script, as after a first `npm start`. */
async function builtRepository() {
  const root = makeRepository();
  const first = await start(root);
  expect(first).toMatchObject({ code: 0, built: true });
  expect(first.output).toMatch(
    /^No build stamp \(a first start, or the last build failed\); building \(about 10–30 s\)…\n$/,
  );
  return root;
}

describe('npm start builds only what changed', () => {
  it('skips the build when nothing changed, in one line', async () => {
    const root = await builtRepository();
    const again = await start(root);
    expect(again).toMatchObject({ code: 0, built: false });
    expect(again.output).toMatch(/^Build is up to date \(stamp [0-9a-f]{12}, checked in \d+ ms\); starting\.\n$/);
  });

  it('builds when a source changed, naming it and the last build time, then skips again', async () => {
    const root = await builtRepository();
    write(root, 'apps/web/src/App.tsx', 'export const changed = true;');
    const changed = await start(root);
    expect(changed).toMatchObject({ code: 0, built: true });
    expect(changed.output).toMatch(
      /^Sources changed since the last build \(apps\/web\/src\/App\.tsx\); building \(about \d+ s\)…\n$/,
    );
    expect(await start(root)).toMatchObject({ code: 0, built: false });
  });

  it('builds when a source file was added or deleted', async () => {
    const root = await builtRepository();
    write(root, 'packages/contract/src/rules.ts', 'export {};');
    expect((await start(root)).output).toContain(
      'Sources changed since the last build (packages/contract/src/rules.ts)',
    );
    rmSync(path.join(root, 'apps/server/src/main.ts'));
    expect((await start(root)).output).toContain('Sources changed since the last build (apps/server/src/main.ts)');
  });

  it('builds when the dependencies changed', async () => {
    const root = await builtRepository();
    write(root, 'package-lock.json', '{"lockfileVersion":3}');
    expect(await start(root)).toMatchObject({ code: 0, built: true });
  });

  it('does not build for tests or installed packages', async () => {
    const root = await builtRepository();
    write(root, 'apps/server/test/api.test.ts', 'changed');
    write(root, 'apps/server/src/rules.test.ts', 'changed');
    write(root, 'apps/web/node_modules/some-package/index.js', 'changed');
    expect(await start(root)).toMatchObject({ code: 0, built: false });
  });

  it('builds when an output is missing', async () => {
    const root = await builtRepository();
    rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    const missing = await start(root);
    expect(missing).toMatchObject({ code: 0, built: true });
    expect(missing.output).toContain('The built app is missing apps/web/dist/index.html; building');
  });

  it('builds when another command rebuilt an output since, from sources that may differ', async () => {
    const root = await builtRepository();
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'apps/server/dist/main.js'), later, later);
    const rebuilt = await start(root);
    expect(rebuilt).toMatchObject({ code: 0, built: true });
    expect(rebuilt.output).toContain("The built app changed since the last start's build (apps/server/dist/main.js)");
  });

  it('builds when the stamp is not one it wrote', async () => {
    const root = await builtRepository();
    write(root, 'node_modules/.cache/tradecert/build-stamp.json', '{"inputs":null,"outputs":{}}');
    expect((await start(root)).output).toContain('No build stamp (a first start, or the last build failed); building');
    write(root, 'node_modules/.cache/tradecert/build-stamp.json', 'not JSON');
    expect(await start(root)).toMatchObject({ code: 0, built: true });
  });

  it('leaves no stamp after a failed build, so the next start builds again', async () => {
    const root = await builtRepository();
    write(root, 'apps/server/src/main.ts', 'export const broken = ;');
    write(root, 'fail-build', '');
    expect(await start(root)).toMatchObject({ code: 4, built: true });
    rmSync(path.join(root, 'fail-build'));
    const next = await start(root);
    expect(next).toMatchObject({ code: 0, built: true });
    expect(next.output).toContain('No build stamp (a first start, or the last build failed); building');
  });
});
