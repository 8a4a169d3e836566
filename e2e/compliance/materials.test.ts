import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createConfirmedAccount, fillSignInForm, GOOD_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const url = (path: string) => `${session.baseUrl}${path}`;

/** The materials as listed, top to bottom, read from each row's "Remove …" button. */
async function listed(page: Page) {
  const names = await page
    .getByRole('button', { name: /^Remove / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return names.map((name) => name.replace(/^Remove /, ''));
}

async function addMaterial(page: Page, material: string) {
  await page.getByLabel('New material').fill(material);
  await page.getByRole('button', { name: 'Add material' }).click();
}

async function reloadList(page: Page) {
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Common materials' }).waitFor();
  await page.getByLabel('New material').waitFor();
}

describe('common materials', () => {
  it('adds, reorders, edits and removes materials, saved to the server, and refuses duplicates', async () => {
    const { page } = session;
    const email = uniqueEmail('materials');
    await createConfirmedAccount(email);
    await page.goto('/login');
    await fillSignInForm(page, email, GOOD_PASSWORD);
    await page.waitForURL(url('/'));
    await page.goto('/materials');
    await page.getByText('No materials yet.').waitFor();

    const saved = page.getByText('All changes saved.');
    await addMaterial(page, 'Ardex WPM 300 membrane');
    await addMaterial(page, 'Bostik primer');
    await addMaterial(page, 'Sika bond breaker tape');
    await saved.waitFor();
    await reloadList(page);
    expect(await listed(page)).toEqual(['Ardex WPM 300 membrane', 'Bostik primer', 'Sika bond breaker tape']);

    // A duplicate, whatever its case, is refused before anything is sent.
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') saves.push(request.url());
    });
    await addMaterial(page, '  bostik PRIMER ');
    await page.getByText('“Bostik primer” is already in your list. Each material can only be listed once.').waitFor();
    await expect.poll(() => page.getByLabel('New material').inputValue()).toBe('  bostik PRIMER ');
    expect(saves).toEqual([]);

    // Move up and down by buttons; focus stays on the button used, so it can be pressed again.
    const moveUp = page.getByRole('button', { name: 'Move Sika bond breaker tape up' });
    await moveUp.click();
    expect(await moveUp.evaluate((element) => element === document.activeElement)).toBe(true);
    await moveUp.click();
    await page.getByRole('button', { name: 'Move Ardex WPM 300 membrane down' }).click();
    expect(await listed(page)).toEqual(['Sika bond breaker tape', 'Bostik primer', 'Ardex WPM 300 membrane']);
    await saved.waitFor();
    await reloadList(page);
    expect(await listed(page)).toEqual(['Sika bond breaker tape', 'Bostik primer', 'Ardex WPM 300 membrane']);

    // Edit one; editing into another entry's name is refused too.
    await page.getByRole('button', { name: 'Edit Bostik primer' }).click();
    await page.getByLabel('Edit material').fill('ardex wpm 300 MEMBRANE');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Each material can only be listed once.').waitFor();
    await page.getByLabel('Edit material').fill('Bostik Dural prime, 1 coat');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    await page.getByRole('button', { name: 'Remove Sika bond breaker tape' }).click();
    expect(await listed(page)).toEqual(['Bostik Dural prime, 1 coat', 'Ardex WPM 300 membrane']);
    await saved.waitFor();
    await reloadList(page);
    expect(await listed(page)).toEqual(['Bostik Dural prime, 1 coat', 'Ardex WPM 300 membrane']);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
