import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../support/chromium.ts';
import { createCompletedCertificate, createMember, memberApi, signIn } from '../support/members.ts';

/*
 * `npm run screenshots`: the main pages at 375 px, light and dark, into docs/screenshots/,
 * so a reviewer sees the design without running the app. Runs against the built app with the e2e
 * setup; not part of `npm test`.
 */

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const themes = ['light', 'dark'] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  await mkdir(outDir, { recursive: true });
});
afterAll(() => browser?.close());

describe('screenshots of the main pages at 375 px', () => {
  it('writes each page in light and dark', async () => {
    const member = await createMember('screenshots', {
      premium: true,
      profile: {
        company_name: 'Harbour Waterproofing',
        applicator_name: 'Sam Citizen',
        common_materials: ['Ardex WPM 300', 'Bond breaker tape'],
      },
    });
    const certificate = await createCompletedCertificate(member, '12 Harbour St, Sydney NSW 2000');
    await createCompletedCertificate(member, '7 Wattle Cres, Katoomba NSW 2780');
    const swms = await memberApi<{ id: string }>(member, 'POST', '/api/swms', { starter: 'waterproofing' });

    const pages: Array<{ name: string; path: string; signedIn: boolean; ready: string }> = [
      { name: 'landing', path: '/', signedIn: false, ready: 'h1' },
      { name: 'sign-in', path: '/login', signedIn: false, ready: 'h1' },
      { name: 'pricing', path: '/pricing', signedIn: false, ready: 'h1' },
      { name: 'share-page', path: `/certificates/${certificate.id}`, signedIn: false, ready: 'h1' },
      { name: 'dashboard', path: '/', signedIn: true, ready: 'h1' },
      { name: 'certificates', path: '/certificates', signedIn: true, ready: 'h1' },
      { name: 'new-certificate', path: '/certificates/new', signedIn: true, ready: 'h1' },
      { name: 'swms-list', path: '/swms', signedIn: true, ready: 'h1' },
      { name: 'swms-editor', path: `/swms/${swms.id}`, signedIn: true, ready: 'h1' },
      { name: 'compliance', path: '/compliance', signedIn: true, ready: 'h1' },
      { name: 'profile', path: '/profile', signedIn: true, ready: 'h1' },
    ];
    for (const theme of themes) {
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        viewport: { width: 375, height: 740 },
        deviceScaleFactor: 2,
        colorScheme: theme,
        serviceWorkers: 'block',
      });
      // The theme a returning user picked (the app starts light unless told otherwise).
      await context.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      const page = await context.newPage();
      for (const shot of pages.filter((entry) => !entry.signedIn)) await capture(page, shot, theme);
      await signIn(page, member);
      for (const shot of pages.filter((entry) => entry.signedIn)) await capture(page, shot, theme);
      await context.close();
    }
  });
});

async function capture(
  page: import('playwright-core').Page,
  shot: { name: string; path: string; ready: string },
  theme: (typeof themes)[number],
) {
  await page.goto(shot.path);
  await page.locator(shot.ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  const file = path.join(outDir, `${shot.name}-${theme}.png`);
  const png = await page.screenshot({ fullPage: false });
  // Halved back to 375 px wide and palette-compressed: a few dozen KB each in the repository.
  await sharp(png).resize({ width: 375 }).png({ palette: true, quality: 80 }).toFile(file);
  expect((await sharp(file).metadata()).width).toBe(375);
}
