import { INVALID_ABN_MESSAGE } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { createConfirmedAccount, fillSignInForm, GOOD_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';
import { drawSignature, expectImageLoaded, logoPng } from '../support/images.ts';

// Phone-first: the whole flow runs on a 375 px wide screen.
const session = useBrowser({ viewport: { width: 375, height: 740 } });
const url = (path: string) => `${session.baseUrl}${path}`;

describe('onboarding', () => {
  it('takes a new user through every step to /welcome, and the profile shows it all after a reload', async () => {
    const { page } = session;
    const email = uniqueEmail('onboarding');
    await createConfirmedAccount(email, GOOD_PASSWORD, { onboarded: false });
    await page.goto('/login');
    await fillSignInForm(page, email, GOOD_PASSWORD);
    await page.waitForURL(url('/onboarding'));
    const fitsScreen = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    // Step 1: company details.
    await page.getByText('Step 1 of 4').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Company details' }).waitFor();
    expect(await fitsScreen()).toBe(true);
    await page.getByLabel('Company name').fill('Dry Wet Areas Pty Ltd');
    await page.getByLabel('Business address').fill('12 Example Street, Parramatta NSW 2150');
    await page.getByLabel('Business email').fill('office@drywet.example.com');
    await page.getByLabel('Business phone').fill('02 9000 0000');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 2: an ABN that fails the checksum is refused before saving, and nothing typed is lost.
    await page.getByText('Step 2 of 4').waitFor();
    await page.getByLabel('ABN', { exact: true }).fill('51 824 753 557');
    await page.getByLabel('Licence number').fill('WP-12345');
    await page.getByLabel('Applicator name').fill('Sam Citizen');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText(INVALID_ABN_MESSAGE).waitFor();
    expect(await page.getByLabel('ABN', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByLabel('ABN', { exact: true }).inputValue()).toBe('51 824 753 557');
    await expect.poll(() => page.getByLabel('Licence number').inputValue()).toBe('WP-12345');
    await page.getByText('Step 2 of 4').waitFor();
    await page.getByLabel('ABN', { exact: true }).fill('51 824 753 556');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 3: upload a logo, draw a signature.
    await page.getByText('Step 3 of 4').waitFor();
    await page
      .getByLabel('Upload logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await expectImageLoaded(page.getByRole('img', { name: 'Your company logo' }));
    await page.getByRole('button', { name: 'Draw signature' }).click();
    const pad = page.getByRole('img', { name: 'Drawing area for your signature' });
    await page.getByRole('button', { name: 'Save signature' }).and(page.locator(':enabled')).waitFor();
    // The pad opens wholly above the tab bar: a stroke started near its foot must not land on a tab.
    const tabBarTop = (await page.getByRole('navigation', { name: 'Tabs' }).boundingBox())?.y ?? 0;
    const padBox = await pad.boundingBox();
    expect((padBox?.y ?? 0) + (padBox?.height ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(tabBarTop);
    expect(padBox?.y ?? -1).toBeGreaterThanOrEqual(0);
    await drawSignature(page, pad);
    await page.getByRole('button', { name: 'Save signature' }).click();
    await expectImageLoaded(page.getByRole('img', { name: 'Your signature' }));
    expect(await fitsScreen()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();

    // Step 4: common materials, then finish.
    await page.getByText('Step 4 of 4').waitFor();
    for (const material of ['Ardex WPM 300 membrane', 'Bostik bond breaker']) {
      await page.getByLabel('New material').fill(material);
      await page.getByRole('button', { name: 'Add material' }).click();
    }
    await page.getByText('All changes saved.').waitFor();
    await page.getByRole('button', { name: 'Finish', exact: true }).click();

    await page.waitForURL(url('/welcome'));
    await page.getByRole('heading', { level: 1, name: 'Welcome to TradeCert' }).waitFor();
    const firstCertificate = page.getByRole('link', { name: 'Create your first certificate' });
    expect(await firstCertificate.getAttribute('href')).toBe('/certificates/new');

    await page.goto('/profile');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Company profile' }).waitFor();
    const values = {
      'Company name': 'Dry Wet Areas Pty Ltd',
      'Business address': '12 Example Street, Parramatta NSW 2150',
      'Business email': 'office@drywet.example.com',
      'Business phone': '02 9000 0000',
      ABN: '51 824 753 556',
      'Licence number': 'WP-12345',
      'Applicator name': 'Sam Citizen',
    };
    for (const [label, value] of Object.entries(values)) {
      expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe(value);
    }
    await expectImageLoaded(page.getByRole('img', { name: 'Your company logo' }));
    await expectImageLoaded(page.getByRole('img', { name: 'Your signature' }));
    await page.getByRole('listitem').filter({ hasText: 'Bostik bond breaker' }).waitFor();

    // Finished: the next sign-in goes where it normally does.
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await tabs.getByRole('button', { name: 'More' }).click();
    await tabs.getByRole('button', { name: 'Sign out' }).click();
    await page.goto('/login');
    await fillSignInForm(page, email, GOOD_PASSWORD);
    await page.waitForURL(url('/'));
    // The plan badge shows once the profile has loaded, which is when the redirect would happen.
    await tabs.getByRole('button', { name: 'More' }).click();
    await tabs.getByRole('link', { name: 'Free plan' }).waitFor();
    expect(page.url()).toBe(url('/'));
  });

  it('lets every step be skipped, and still finishes', async () => {
    const { page } = session;
    const email = uniqueEmail('onboarding-skip');
    await createConfirmedAccount(email, GOOD_PASSWORD, { onboarded: false });
    await page.goto('/login');
    await fillSignInForm(page, email, GOOD_PASSWORD);
    await page.waitForURL(url('/onboarding'));
    await page.getByText('Step 1 of 4').waitFor();
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await page.getByText('Step 2 of 4').waitFor();
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await page.getByText('Step 3 of 4').waitFor();
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await page.getByText('Step 4 of 4').waitFor();
    // The browser's Back button returns to the previous step.
    await page.goBack();
    await page.getByText('Step 3 of 4').waitFor();
    await page.goForward();
    await page.getByRole('button', { name: 'Skip and finish' }).click();
    await page.waitForURL(url('/welcome'));
    await page.getByRole('heading', { level: 2, name: 'Still to add' }).waitFor();
    await page.getByText('company name, business address, ABN').waitFor();
  });
});
