import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { goals, judge } from './goals.ts';
import { root } from './support.ts';

/**
 * PRODUCT.md, Budgets: what each public page loads first, in gzipped KB of script, read from the
 * build in apps/web/dist (`npm run build` first): the entry chunk (every page's baseline), the
 * feature's pages module and the page's chunk, each with the chunks they import statically. What a
 * page loads later (a signer's copy, the way to sign) is weighed by the e2e tests on the whole flow.
 */
const PUBLIC_PAGE_BUDGET_KB = 115;

/** Each public page, by the source files of the chunks a visitor's first load of it starts from. */
const publicPages: { page: string; sources: string[] }[] = [
  { page: '/', sources: ['app/public-pages.ts', 'app/HomePage.tsx'] },
  { page: '/login', sources: ['features/auth/pages.ts', 'features/auth/LoginPage.tsx'] },
  { page: '/pricing', sources: ['features/billing/pages.ts', 'features/billing/PricingPage.tsx'] },
  { page: '/contact', sources: ['features/contact/pages.ts', 'features/contact/ContactPage.tsx'] },
  { page: '/certificates/:id (share)', sources: ['app/public-pages.ts', 'app/certificate-with-signing.tsx'] },
  { page: '/sign/:token', sources: ['features/signing/pages.ts', 'features/signing/SignPage.tsx'] },
  { page: '/verify', sources: ['features/verification/pages.ts', 'features/verification/VerifyPdfPage.tsx'] },
];

type Chunk = { file: string; gzippedBytes: number; imports: string[]; sources: string[] };

async function readChunks(assets: string): Promise<Map<string, Chunk>> {
  const chunks = new Map<string, Chunk>();
  for (const file of (await readdir(assets)).filter((name) => name.endsWith('.js'))) {
    const code = await readFile(path.join(assets, file));
    const map = JSON.parse(await readFile(path.join(assets, `${file}.map`), 'utf8')) as { sources: string[] };
    // Static imports only (`import … from"./x.js"`, `import"./x.js"`): what loads with the chunk.
    const imports = [...code.toString('utf8').matchAll(/(?:from|import)\s*["']\.\/([\w.-]+\.js)["']/g)].map(
      (match) => match[1] as string,
    );
    chunks.set(file, { file, gzippedBytes: gzipSync(code).length, imports, sources: map.sources });
  }
  return chunks;
}

function withStaticImports(chunks: Map<string, Chunk>, start: string[]): Set<string> {
  const loaded = new Set<string>();
  const pending = [...start];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (loaded.has(file)) continue;
    loaded.add(file);
    pending.push(...(chunks.get(file)?.imports ?? []));
  }
  return loaded;
}

export async function runPageWeightsBenchmark() {
  const dist = path.join(root, 'apps/web/dist');
  const chunks = await readChunks(path.join(dist, 'assets'));
  const entry = /src="\/assets\/([\w.-]+\.js)"/.exec(await readFile(path.join(dist, 'index.html'), 'utf8'))?.[1];
  if (!entry) throw new Error('apps/web/dist/index.html loads no entry script: run `npm run build` first');
  const kilobytes = (files: Set<string>) =>
    [...files].reduce((sum, file) => sum + (chunks.get(file)?.gzippedBytes ?? 0), 0) / 1024;
  const chunkOf = (source: string) => {
    const chunk = [...chunks.values()].find((candidate) => candidate.sources.some((name) => name.endsWith(source)));
    if (!chunk) throw new Error(`No chunk holds ${source}`);
    return chunk.file;
  };

  const baseline = kilobytes(withStaticImports(chunks, [entry]));
  console.log(
    `\nPublic pages, first load, gzipped script (budget ${PUBLIC_PAGE_BUDGET_KB} KB, goal ${goals.publicPageWeight.limit} KB)`,
  );
  console.log(`  entry chunk and its imports (every page): ${baseline.toFixed(1)} KB`);
  let heaviest = 0;
  for (const { page, sources } of publicPages) {
    const weight = kilobytes(withStaticImports(chunks, [entry, ...sources.map(chunkOf)]));
    heaviest = Math.max(heaviest, weight);
    console.log(`  ${page.padEnd(28)} ${weight.toFixed(1).padStart(6)} KB  (entry +${(weight - baseline).toFixed(1)})`);
  }
  console.log(
    `Budget: every public page ≤ ${PUBLIC_PAGE_BUDGET_KB} KB gz: ${heaviest <= PUBLIC_PAGE_BUDGET_KB ? 'met' : 'not met'}`,
  );
  // ADRs 0084 and 0097: what keeps the public pages within the goal.
  console.log(judge('publicPageWeight', heaviest));
}
