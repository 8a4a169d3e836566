import { errorCodes, INVALID_ABN_MESSAGE } from '@app/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedAccount, fillSignInForm, GOOD_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';
import { expectImageLoaded, logoPng } from '../support/images.ts';

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const url = (path: string) => `${session.baseUrl}${path}`;

// One account for the file: sign-ups are rate-limited per address, and these tests build on each other's data
// only where they say so.
const email = uniqueEmail('profile');
beforeAll(() => createConfirmedAccount(email));

async function openProfile(page: Page) {
  await page.goto('/login');
  await fillSignInForm(page, email, GOOD_PASSWORD);
  await page.waitForURL(url('/'));
  await page.goto('/profile');
  await page.getByRole('heading', { level: 1, name: 'Company profile' }).waitFor();
}

/** Every PATCH /api/profile the page sends. */
function watchProfileSaves(page: Page) {
  const saves: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().endsWith('/api/profile')) saves.push(request.postDataJSON());
  });
  return saves;
}

describe('company profile', () => {
  it('checks the ABN before saving, keeps what was typed, then saves every field', async () => {
    const { page } = session;
    await openProfile(page);
    const saves = watchProfileSaves(page);
    await page.getByLabel('Company name').fill('Tiled Right Pty Ltd');
    await page.getByLabel('Business address').fill('4 Harbour Road, Hobart TAS 7000');
    await page.getByLabel('Business email').fill('jobs@tiledright.example.com');
    await page.getByLabel('Business phone').fill('03 6200 0000');
    await page.getByLabel('Licence number').fill('TAS-998');
    await page.getByLabel('Applicator name').fill('Alex Example');
    await page.getByLabel('Time zone').selectOption('Australia/Hobart');
    await page.getByLabel('ABN', { exact: true }).fill('53 004 085 617');
    // Leaving the field is enough to hear about it.
    await page.getByLabel('Licence number').focus();
    await page.getByText(INVALID_ABN_MESSAGE).waitFor();

    await page.getByRole('button', { name: 'Save profile' }).click();
    expect(
      await page.getByLabel('ABN', { exact: true }).evaluate((element) => element === document.activeElement),
    ).toBe(true);
    expect(saves).toEqual([]);
    await expect.poll(() => page.getByLabel('Company name').inputValue()).toBe('Tiled Right Pty Ltd');
    await expect.poll(() => page.getByLabel('Time zone').inputValue()).toBe('Australia/Hobart');

    await page.getByLabel('ABN', { exact: true }).fill('53004085616');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved').waitFor();
    expect(saves).toHaveLength(1);
    // Shown grouped, as printed on certificates.
    await expect.poll(() => page.getByLabel('ABN', { exact: true }).inputValue()).toBe('53 004 085 616');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Company profile' }).waitFor();
    await expect.poll(() => page.getByLabel('Company name').inputValue()).toBe('Tiled Right Pty Ltd');
    await expect.poll(() => page.getByLabel('Business address').inputValue()).toBe('4 Harbour Road, Hobart TAS 7000');
    await expect.poll(() => page.getByLabel('Applicator name').inputValue()).toBe('Alex Example');
    await expect.poll(() => page.getByLabel('Time zone').inputValue()).toBe('Australia/Hobart');
  });

  it('shows what the server refused next to the field, and keeps what was typed when a save fails', async () => {
    session.allowConsoleErrors(/status of 400/, /Failed to load resource: net::ERR_FAILED/);
    const { page } = session;
    await openProfile(page);
    await page.route('**/api/profile', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: {
                code: errorCodes.validationFailed,
                message: 'That licence number is not in the register.',
                details: [{ path: 'licence_number', message: 'That licence number is not in the register.' }],
              },
            }),
          })
        : route.continue(),
    );
    await page.getByLabel('Licence number').fill('NOT-A-LICENCE');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('That licence number is not in the register.').waitFor();
    expect(await page.getByLabel('Licence number').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByLabel('Licence number').inputValue()).toBe('NOT-A-LICENCE');

    await page.unroute('**/api/profile');
    await page.route('**/api/profile', (route) =>
      route.request().method() === 'PATCH' ? route.abort('failed') : route.continue(),
    );
    await page.getByLabel('Licence number').fill('TAS-999');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('alert').filter({ hasText: 'check your internet connection' }).waitFor();
    await expect.poll(() => page.getByLabel('Licence number').inputValue()).toBe('TAS-999');
  });

  it('uploads, replaces and removes the logo, and refuses a file that is not an image', async () => {
    session.allowConsoleErrors(/status of 415/);
    const { page } = session;
    await openProfile(page);
    const logo = page.getByRole('img', { name: 'Your company logo' });

    await page
      .getByLabel('Upload logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await expectImageLoaded(logo);
    const firstUrl = await logo.getAttribute('src');

    await page
      .getByLabel('Replace logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    await page.getByText('Only JPEG, PNG or WebP images can be uploaded.').waitFor();
    expect(await logo.getAttribute('src')).toBe(firstUrl);

    await page
      .getByLabel('Replace logo')
      .setInputFiles({ name: 'new-logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await expect.poll(() => logo.getAttribute('src')).not.toBe(firstUrl);
    await expectImageLoaded(logo);
    expect(await page.getByText('Only JPEG, PNG or WebP').count()).toBe(0);

    await page.getByRole('button', { name: 'Remove logo' }).click();
    await page.getByText('No logo yet').waitFor();
    await page.reload();
    await page.getByText('No logo yet').waitFor();
    expect(await page.getByLabel('Upload logo').count()).toBe(1);
  });

  it('shows the plan read-only, with the way to change it, and links to the materials list', async () => {
    const { page } = session;
    await openProfile(page);
    const plan = page.getByRole('definition').first();
    await expect.poll(() => plan.textContent()).toBe('Free');
    await page.getByText('No paid subscription').waitFor();
    // Every Upgrade link goes to /pricing, and back here afterwards.
    expect(await page.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe(
      '/pricing?return_to=%2Fprofile',
    );
    await page.getByRole('link', { name: 'Add common materials' }).click();
    await page.waitForURL(url('/materials'));
    await page.getByRole('heading', { level: 1, name: 'Common materials' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
