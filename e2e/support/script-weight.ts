import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

/** Collects the paths of the scripts `page` loads from now on (PRODUCT.md, Budgets weighs them). */
export function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
  });
  return scripts;
}

/** What the scripts a page loaded weigh gzipped, read from the build the server serves. */
export async function gzippedKilobytes(scriptPaths: string[]): Promise<number> {
  let bytes = 0;
  for (const scriptPath of new Set(scriptPaths)) {
    bytes += gzipSync(await readFile(path.join(distDir, scriptPath))).length;
  }
  return bytes / 1024;
}
