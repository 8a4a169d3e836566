// Makes sure the Debian programs the tests drive are present (ARCHITECTURE.md, Tests): Chromium for e2e, and
// poppler-utils (pdftotext, pdftoppm, pdfinfo, pdfsig) for reading generated PDFs and checking their seal,
// openssl for an operator's PKCS#12 seal in the tests (ADR 0041), NSS's certutil (libnss3-tools) to trust the
// seal's root for pdfsig (ADR 0061). Installs them when
// running as root on Debian; otherwise stops with a one-line instruction. Never skips silently.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const needs = [
  { path: chromium, pkg: 'chromium' },
  { path: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
  { path: '/usr/bin/pdftoppm', pkg: 'poppler-utils' },
  { path: '/usr/bin/pdfinfo', pkg: 'poppler-utils' },
  { path: '/usr/bin/pdfsig', pkg: 'poppler-utils' },
  { path: '/usr/bin/openssl', pkg: 'openssl' },
  { path: '/usr/bin/certutil', pkg: 'libnss3-tools' },
];
const missing = [...new Set(needs.filter((need) => !existsSync(need.path)).map((need) => need.pkg))];
if (missing.length === 0) process.exit(0);

const isRoot = process.getuid?.() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log(`Installing Debian packages the tests need: ${missing.join(' ')}…`);
  execSync(`apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing.join(' ')}`, {
    stdio: 'inherit',
  });
  if (needs.every((need) => existsSync(need.path))) process.exit(0);
}
console.error(`Missing test tools. Install them with: sudo apt-get install -y ${missing.join(' ')}`);
process.exit(1);
