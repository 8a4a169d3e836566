// `npm start`'s build step (ADR 0083): runs the build command given as its arguments only when the
// build's inputs changed since the last build it ran, or its outputs are not the ones that build
// left. Either way it says what it does in one line. Run from the repository's root.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the bundles are made of. Tests, `dist` and `node_modules` are not: package-lock.json stands for the last. */
const INPUTS = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'apps/server',
  'apps/web',
  'packages/contract',
];
const NOT_INPUTS = new Set(['node_modules', 'dist', 'apps/server/test']);
const TEST_FILE = /\.test\.tsx?$/;
/** What the build writes. Their sizes and times are kept too, so a build run by another command (e2e, bench) since is seen. */
const OUTPUTS = ['apps/server/dist', 'apps/web/dist'];
/** Inside node_modules, so `npm ci` (which may change what the bundles pull in) drops it. */
const STAMP = 'node_modules/.cache/tradecert/build-stamp.json';
/** Said before a build when no earlier one was timed: the whole build on a busy 2-core machine (README). */
const FIRST_BUILD_ESTIMATE = 'about 10–30 s';

/** Every file under `paths` (files or folders, relative to `root`) except those `skip` says, by relative path. */
function listFiles(root, paths, skip = () => false) {
  const files = [];
  const visit = (relative) => {
    if (skip(relative)) return;
    let stats;
    try {
      stats = statSync(path.join(root, relative));
    } catch {
      return;
    }
    if (stats.isFile()) files.push(relative);
    if (!stats.isDirectory()) return;
    for (const name of readdirSync(path.join(root, relative)).sort()) visit(path.posix.join(relative, name));
  };
  for (const relative of paths) visit(relative);
  return files;
}

/** Each input file's content hash: contents, not times, so a checkout or a copy that changes nothing builds nothing. */
function hashInputs(root) {
  const skip = (relative) =>
    NOT_INPUTS.has(relative) || NOT_INPUTS.has(path.posix.basename(relative)) || TEST_FILE.test(relative);
  const hashes = {};
  for (const file of listFiles(root, INPUTS, skip)) {
    hashes[file] = createHash('sha256')
      .update(readFileSync(path.join(root, file)))
      .digest('hex');
  }
  return hashes;
}

/** Each output file's size and modification time: enough to see that something rewrote or removed it. */
function describeOutputs(root) {
  const outputs = {};
  for (const file of listFiles(root, OUTPUTS)) {
    const { size, mtimeMs } = statSync(path.join(root, file));
    outputs[file] = `${size}:${mtimeMs}`;
  }
  return outputs;
}

/** The files whose entry differs between two records (changed, added or gone), in order. */
function differences(before, after) {
  const files = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...files].filter((file) => before[file] !== after[file]).sort();
}

function someFiles(files) {
  return files.length === 1 ? files[0] : `${files[0]} and ${files.length - 1} more`;
}

/** Why the build must run, or null when the outputs on disk are what the last build made of these inputs. */
function whyBuild(stamp, inputs, outputs) {
  if (!stamp) return 'No build stamp (a first start, or the last build failed)';
  const missing = Object.keys(stamp.outputs).filter((file) => !(file in outputs));
  if (missing.length > 0) return `The built app is missing ${someFiles(missing)}`;
  const rewritten = differences(stamp.outputs, outputs);
  if (rewritten.length > 0) return `The built app changed since the last start's build (${someFiles(rewritten)})`;
  const changed = differences(stamp.inputs, inputs);
  if (changed.length > 0) return `Sources changed since the last build (${someFiles(changed)})`;
  return null;
}

function stampId(inputs) {
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 12);
}

/** The last build's stamp, or null when there is none or it is not one this script wrote. */
function readStamp(file) {
  try {
    const stamp = JSON.parse(readFileSync(file, 'utf8'));
    const isRecord = (value) => typeof value === 'object' && value !== null;
    return isRecord(stamp?.inputs) && isRecord(stamp.outputs) ? stamp : null;
  } catch {
    return null;
  }
}

async function run(command, args) {
  const child = spawn(command, args, { stdio: 'inherit' });
  // Ctrl-C reaches the build from the terminal; a signal sent to this script alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`Could not run the build (${command}): ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: node scripts/build-if-changed.mjs <build command> [args…]');
  process.exit(2);
}

const root = process.cwd();
const stampFile = path.join(root, STAMP);
const checkStarted = performance.now();
const stamp = readStamp(stampFile);
const inputs = hashInputs(root);
const reason = whyBuild(stamp, inputs, describeOutputs(root));
const checkMs = Math.round(performance.now() - checkStarted);

if (reason === null) {
  console.log(`Build is up to date (stamp ${stampId(inputs)}, checked in ${checkMs} ms); starting.`);
  process.exit(0);
}

const estimate = Number.isInteger(stamp?.buildSeconds) ? `about ${stamp.buildSeconds} s` : FIRST_BUILD_ESTIMATE;
console.log(`${reason}; building (${estimate})…`);
// Removed first, so a build that fails or is stopped leaves no stamp to trust.
rmSync(stampFile, { force: true });
const buildStarted = performance.now();
const code = await run(command, args);
if (code !== 0) process.exit(code);
mkdirSync(path.dirname(stampFile), { recursive: true });
// The inputs as they were when the build began: a file edited during the build makes the next start build again.
const buildSeconds = Math.ceil((performance.now() - buildStarted) / 1000);
writeFileSync(stampFile, JSON.stringify({ buildSeconds, inputs, outputs: describeOutputs(root) }));
