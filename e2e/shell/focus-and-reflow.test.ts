import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';
import { certificatePage, fillJobDetails } from '../support/certificate-form.ts';
import { waitForSigningLink } from '../support/mail.ts';
import { createCompletedCertificate, createMember, type Member, memberApi, signIn } from '../support/members.ts';

// ADR 0053: focus that follows the page, errors tied to their fields, and pages that reflow, on a phone.
const session = useBrowser({ viewport: { width: 375, height: 740 } });

/** What has the focus: its tag, its accessible text and the ARIA attributes the checks read. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const describedBy = (active?.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
    return {
      tag: active?.tagName.toLowerCase(),
      text: active?.textContent?.trim(),
      label: active?.id ? document.querySelector(`label[for="${active.id}"]`)?.textContent : undefined,
      group: active?.closest('fieldset')?.querySelector('legend')?.textContent,
      invalid: active?.getAttribute('aria-invalid'),
      describedBy,
    };
  });

/** A member with a long company name, email and ABN (what overflowed at 200% text), and a completed certificate. */
let member: Member;
let certificateId = '';
let signLink = '';

beforeAll(async () => {
  member = await createMember('reflow', {
    premium: true,
    profile: {
      company_name: 'Southern Highlands Waterproofing and Tiling Specialists Pty Ltd',
      company_address: '1234 Illawarra Highway, Moss Vale NSW 2577',
      company_email: 'accounts.receivable.department@southernhighlandswaterproofing.example.com',
      company_phone: '+61 2 4868 0000',
      company_abn: '51 824 753 556',
      licence_number: 'WP-1234567890-NSW',
      applicator_name: 'Alexandra Konstantinopoulou-Richardson',
    },
  });
  certificateId = (await createCompletedCertificate(member, '77 Ocean St, Bondi')).id;
  const email = uniqueEmail('reflow-signer');
  const since = Date.now();
  await memberApi(member, 'POST', `/api/signing/documents/certificate/${certificateId}/requests`, {
    signers: [{ name: 'Alex Builder', email }],
  });
  signLink = await waitForSigningLink(email, { since });
});

describe('focus follows the page', () => {
  it('is on the page heading after sign-in and after saving a certificate', async () => {
    const { page } = session;
    await signIn(page, member);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Dashboard' });
    expect(await page.title()).toBe('Dashboard · TradeCert');

    await page.getByRole('link', { name: 'New certificate' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'New certificate' }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'New certificate' });
    await fillJobDetails(page, '9 Focus Lane, Manly');
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await page.waitForURL(certificatePage);
    await page.getByRole('heading', { level: 1, name: 'Certificate of compliance' }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Certificate of compliance' });
  });

  it('moves to the new view when "Forgot password?" swaps it, and to the error after a failed sign-in', async () => {
    const { page } = session;
    session.allowConsoleErrors(/status of (400|429)/);
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody-focus@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    expect(await alert.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Reset your password' });
  });

  it('is on the missing name of the right signer after a failed "Send for signing"', async () => {
    const { page } = session;
    session.allowConsoleErrors(/status of 400/);
    await signIn(page, member);
    await page.goto(`/certificates/${certificateId}`);
    const panel = page.getByRole('region', { name: 'Signatures' });
    const first = panel.getByRole('group', { name: 'Signer 1' });
    await first.getByLabel('Name').fill('Alex Builder');
    await first.getByLabel('Email').fill(uniqueEmail('focus-one'));
    await panel.getByRole('button', { name: 'Add another signer' }).click();
    await panel.getByRole('group', { name: 'Signer 2' }).getByLabel('Email').fill(uniqueEmail('focus-two'));
    await panel.getByRole('button', { name: 'Send for signing' }).click();

    await expect
      .poll(() => focused(page))
      .toMatchObject({
        tag: 'input',
        label: 'Name',
        group: 'Signer 2',
        invalid: 'true',
        describedBy: "Signer 2: enter the signer's name.",
      });
  });

  it('closes the phone menu with Escape and leaves the focus on its button', async () => {
    const { page } = session;
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Pricing' }).focus();
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'detached' });
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});

describe('Escape closes every menu', () => {
  it("closes a member's More menu with Escape and leaves the focus on its button", async () => {
    const { page } = session;
    await signIn(page, member);
    const more = page.getByRole('button', { name: 'More' });
    await more.click();
    const items = page.locator(`#${await more.getAttribute('aria-controls')}`);
    await items.getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
    expect(await items.count()).toBe(0);
    expect(await more.evaluate((button) => button === document.activeElement)).toBe(true);
  });
});

/** True when the page does not scroll sideways: nothing is wider than the viewport. */
const fitsTheWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The elements that stick out past the right edge, for a readable failure. */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      // The innermost ones: what pushes its boxes out.
      .filter((element, _, all) => !all.some((other) => other !== element && element.contains(other)))
      .slice(0, 8)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`),
  );

describe('reflow at 200% text', () => {
  const pages: Array<[name: string, path: () => string, heading: string | RegExp, member: boolean]> = [
    ['the share page', () => `/certificates/${certificateId}`, 'Certificate of compliance', false],
    ["the owner's certificate page", () => `/certificates/${certificateId}`, 'Certificate of compliance', true],
    ['the dashboard', () => '/', 'Dashboard', true],
    ['the signing page', () => signLink, 'Sign document', false],
  ];

  it.each(pages)(
    '%s does not scroll sideways at 375 px with the root font size doubled, nor at 320 px',
    async (_name, path, heading, asMember) => {
      const { page } = session;
      if (asMember) await signIn(page, member);
      await page.goto(path());
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => {
        document.documentElement.style.fontSize = '200%';
      });
      expect(await overflowing(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);

      await page.evaluate(() => {
        document.documentElement.style.fontSize = '';
      });
      await page.setViewportSize({ width: 320, height: 640 });
      expect(await overflowing(page)).toEqual([]);
      expect(await fitsTheWidth(page)).toBe(true);
    },
  );
});
