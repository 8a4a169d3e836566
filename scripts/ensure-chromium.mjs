// Makes sure Debian's Chromium is present for the e2e tests (DESIGN §6): installs it when running
// as root on Debian, otherwise stops with a one-line instruction. Never skips silently.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) process.exit(0);

const isRoot = process.getuid?.() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('Chromium is missing; installing Debian chromium with apt-get…');
  execSync('apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium', { stdio: 'inherit' });
  if (existsSync(chromium)) process.exit(0);
}
console.error(`Chromium not found at ${chromium}. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
process.exit(1);
