import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GOOD_PASSWORD } from '../../e2e/support/accounts.ts';
import { CHROMIUM_PATH } from '../../e2e/support/chromium.ts';
import { createCompletedCertificate, createMember } from '../../e2e/support/members.ts';

/**
 * PRODUCT.md, Budgets: Lighthouse performance ≥ 95 and accessibility 100 on /, /login and /certificates, with
 * Lighthouse's defaults (a mid-range phone, simulated slow 4G). Run by `npm run lighthouse` (builds,
 * starts the app on a free port as the e2e tests do); not part of `npm test`, as it is slow.
 * LIGHTHOUSE_DETAILS=1 also prints what shifted, the LCP element and the request chains.
 */
const PERFORMANCE_BUDGET = 0.95;
const ACCESSIBILITY_BUDGET = 1;

let chrome: Awaited<ReturnType<typeof launch>>;
/** The stored session of a member with certificates, for the signed-in page. */
let memberSession = '';

beforeAll(async () => {
  const member = await createMember('lighthouse');
  for (const n of [1, 2, 3]) await createCompletedCertificate(member, `${n} Lighthouse Rd, Sydney`);
  const response = await fetch(`${inject('baseUrl')}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: GOOD_PASSWORD }),
  });
  memberSession = await response.text();
  chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-component-update'],
  });
});

afterAll(async () => {
  await chrome?.kill();
});

/** Audits `path` in a fresh tab; signed in when `session` is given (kept, as Lighthouse would clear it). */
async function audit(path: string, session?: string) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    const url = `${inject('baseUrl')}${path}`;
    if (session) {
      await page.goto(inject('baseUrl'));
      await page.evaluate((value) => {
        localStorage.setItem(`${location.hostname.split('.')[0]}-auth-token`, value);
      }, session);
    }
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility'],
        disableStorageReset: Boolean(session),
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { categories, audits, finalDisplayedUrl } = result.lhr;
    const scores = {
      performance: categories.performance?.score ?? 0,
      accessibility: categories.accessibility?.score ?? 0,
    };
    console.log(
      `${path}: performance ${Math.round(scores.performance * 100)}, accessibility ${Math.round(scores.accessibility * 100)}` +
        ` (LCP ${audits['largest-contentful-paint']?.displayValue}, TBT ${audits['total-blocking-time']?.displayValue},` +
        ` CLS ${audits['cumulative-layout-shift']?.displayValue}; ${finalDisplayedUrl})`,
    );
    const failing = Object.values(audits)
      .filter((item) => item.scoreDisplayMode === 'binary' && item.score === 0)
      .map((item) => item.id);
    if (failing.length > 0) console.log(`  failing audits: ${failing.join(', ')}`);
    if (result.lhr.runtimeError) console.log(`  Lighthouse could not measure: ${result.lhr.runtimeError.message}`);
    if (process.env.LIGHTHOUSE_DETAILS) {
      for (const id of [
        'layout-shifts',
        'largest-contentful-paint-element',
        'network-dependency-tree-insight',
        'critical-request-chains',
      ]) {
        console.log(id, JSON.stringify(audits[id]?.details).slice(0, 3000));
      }
    }
    return { scores, finalUrl: finalDisplayedUrl };
  } finally {
    await context.close();
    await browser.disconnect();
  }
}

describe('Lighthouse', () => {
  it.each([
    ['/', undefined],
    ['/login', undefined],
    ['/certificates', 'member'],
  ] as const)('%s meets the budget', async (path, who) => {
    const { scores, finalUrl } = await audit(path, who ? memberSession : undefined);
    expect(new URL(finalUrl).pathname).toBe(path);
    expect(scores.performance).toBeGreaterThanOrEqual(PERFORMANCE_BUDGET);
    expect(scores.accessibility).toBeGreaterThanOrEqual(ACCESSIBILITY_BUDGET);
  });
});
