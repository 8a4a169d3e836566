import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

// axe-core from node_modules, injected into the page: no network needed at test time.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts DESIGN's accessibility budget allows none of. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/** The WCAG 2.2 A and AA rules of axe-core (ADR 0053): what the pass over every route holds pages to. */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe-core on the whole document as it is now; `tags` limits it to the rules of those tags. */
async function violations(page: Page, tags?: string[]): Promise<AxeResults['violations']> {
  // Evaluated rather than added as a <script>: the app's Content Security Policy (script-src 'self')
  // rightly blocks inline scripts, and DevTools evaluation is not subject to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(
    (runOnly) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
        document,
        { resultTypes: ['violations'], ...(runOnly ? { runOnly: { type: 'tag', values: runOnly } } : {}) },
      ),
    tags,
  );
  return results.violations;
}

/** One readable line a violation: the rule, what it asks for, and the elements that break it. */
const describe = (violation: AxeResults['violations'][number]) =>
  `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`;

/**
 * The page's serious and critical violations of any axe-core rule, one readable line each. An empty
 * array means the page is within budget.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await violations(page)).filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? '')).map(describe);
}

/** The page's violations of WCAG 2.2 A and AA rules, of any impact, one readable line each. */
export async function wcagViolations(page: Page): Promise<string[]> {
  return (await violations(page, WCAG_22_AA)).map(describe);
}
