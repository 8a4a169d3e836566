import { access } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';
import { expectImageLoaded, logoPng } from '../support/images.ts';
import { waitForEmailLink } from '../support/mail.ts';
import {
  createCompletedCertificate,
  createMember,
  type Member,
  memberApi,
  signIn,
  toastTitled,
} from '../support/members.ts';

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const url = (pathname: string) => `${session.baseUrl}${pathname}`;

async function openAccount(page: Page, member: Member) {
  await signIn(page, member);
  await page.goto('/profile');
  await page.getByRole('heading', { level: 2, name: 'Account' }).waitFor();
}

const part = (page: Page, title: string) => page.getByRole('region', { name: title });

function signInThroughApi(email: string, password = GOOD_PASSWORD) {
  return fetch(`${inject('baseUrl')}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

/** The keys this browser keeps in localStorage. */
const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage));

describe('account settings on /profile', () => {
  it('changes the email address through the link mailed to the new one', async () => {
    const { page } = session;
    const member = await createMember('email-change');
    const newEmail = uniqueEmail('new-address');
    await openAccount(page, member);
    const emailPart = part(page, 'Change email address');
    await emailPart.getByLabel('New email address').fill(newEmail);
    await emailPart.getByLabel('Current password').fill('not-the-password-at-all');
    const since = Date.now();
    session.allowConsoleErrors(/status of 400/);
    await emailPart.getByRole('button', { name: 'Send confirmation link' }).click();
    await emailPart.getByText('Your current password is not correct. Check it and try again.').waitFor();

    await emailPart.getByLabel('Current password').fill(GOOD_PASSWORD);
    await emailPart.getByRole('button', { name: 'Send confirmation link' }).click();
    await emailPart.getByText(`We sent a link to ${newEmail}.`).waitFor();
    // Nothing changes until the link is opened.
    expect((await signInThroughApi(member.email)).status).toBe(200);

    await page.goto(await waitForEmailLink(newEmail, { since }));
    await page.getByRole('heading', { level: 1, name: 'Your email address has changed' }).waitFor();
    await page.getByRole('link', { name: 'Back to your profile' }).click();
    await part(page, 'Change email address').getByText(`You sign in with ${newEmail}.`).waitFor();
    expect((await signInThroughApi(newEmail)).status).toBe(200);
    expect((await signInThroughApi(member.email)).status).toBe(400);
  });

  it('changes the password with the current one, and says so by the field when it is wrong', async () => {
    const { page } = session;
    const member = await createMember('password-change');
    const newPassword = 'quarry-lantern-violet-82';
    await openAccount(page, member);
    const passwordPart = part(page, 'Change password');
    session.allowConsoleErrors(/status of 400/);
    await passwordPart.getByLabel('Current password').fill('not-the-password-at-all');
    await passwordPart.getByLabel('New password').fill(newPassword);
    await passwordPart.getByRole('button', { name: 'Save new password' }).click();
    await passwordPart.getByText('Your current password is not correct. Check it and try again.').waitFor();
    expect(await passwordPart.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');

    await passwordPart.getByLabel('Current password').fill(GOOD_PASSWORD);
    await passwordPart.getByRole('button', { name: 'Save new password' }).click();
    await toastTitled(page, 'Password updated').waitFor();
    // Still on the profile, signed in, with an empty form.
    expect(page.url()).toBe(url('/profile'));
    await expect.poll(() => passwordPart.getByLabel('New password').inputValue()).toBe('');
    expect((await signInThroughApi(member.email, newPassword)).status).toBe(200);
    expect((await signInThroughApi(member.email)).status).toBe(400);
  });

  it('deletes the account with its records and files after the typed confirmation and the password', async () => {
    const { page } = session;
    const member = await createMember('deletion');
    const certificate = await createCompletedCertificate(member, '3 Quay Lane, Hobart TAS 7000');
    await openAccount(page, member);
    await page
      .getByLabel('Upload logo')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    const logo = page.getByRole('img', { name: 'Your company logo' });
    await expectImageLoaded(logo);
    const logoUrl = url((await logo.getAttribute('src')) ?? '');
    expect((await fetch(logoUrl)).status).toBe(200);
    // Uploads sit under the business's prefix (ADR 0077); a one-person business goes with its account.
    const { business } = await memberApi<{ business: { id: string } }>(member, 'GET', '/api/team');
    const userFiles = path.join(inject('dataDir'), 'files', 'businesses', business.id);
    await access(userFiles);

    const deletePart = part(page, 'Delete account');
    await deletePart.getByLabel('Type DELETE to confirm').fill('delete');
    await deletePart.getByLabel('Current password').fill(GOOD_PASSWORD);
    await deletePart.getByRole('button', { name: 'Delete my account' }).click();
    await deletePart.getByText('Type DELETE to confirm that you want to delete your account.').waitFor();

    await deletePart.getByLabel('Type DELETE to confirm').fill('DELETE');
    await deletePart.getByRole('button', { name: 'Delete my account' }).click();
    await toastTitled(page, 'Account deleted').waitFor();
    await page.waitForURL(url('/'));
    // The toast goes after 2 s; the home page keeps saying it.
    await page
      .getByRole('status')
      .filter({ hasText: 'Your account, its records and its files have been deleted.' })
      .waitFor();
    await expect
      .poll(async () =>
        (await storedKeys(page)).filter((key) => key.endsWith('-auth-token') || key.includes(member.userId)),
      )
      .toEqual([]);

    expect((await signInThroughApi(member.email)).status).toBe(400);
    expect((await fetch(logoUrl)).status).toBe(404);
    expect((await fetch(url(`/api/certificates/${certificate.id}`))).status).toBe(404);
    await expect
      .poll(() =>
        access(userFiles).then(
          () => 'still there',
          () => 'gone',
        ),
      )
      .toBe('gone');
  });
});

describe('signing out on a shared device', () => {
  it('warns about unsynced edits, and leaves no certificates or edits of the user behind', async () => {
    const { page } = session;
    const member = await createMember('shared-device');
    await createCompletedCertificate(member, '8 Dock Street, Geelong VIC 3220');
    await signIn(page, member);
    await page.goto('/certificates');
    await page.getByText('8 Dock Street, Geelong VIC 3220').first().waitFor();
    const cacheKey = `certificates-cache:${member.userId}`;
    await expect.poll(async () => (await storedKeys(page)).includes(cacheKey)).toBe(true);
    // Typing no server has yet (as a form keeps it on the phone).
    await page.evaluate((key) => {
      localStorage.setItem(
        key,
        JSON.stringify({ 'certificate:some-id': { values: { areas: 'Laundry' }, keptAt: new Date().toISOString() } }),
      );
    }, `kept-forms:${member.userId}`);

    const signOut = page.getByRole('button', { name: 'Sign out' });
    await openMenuIfCollapsed(page);
    await signOut.click();
    const warning = page.getByRole('dialog', { name: 'Sign out and lose your changes?' });
    await warning.getByText('You have 1 unsynced change that will be lost.').waitFor();
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await warning.waitFor({ state: 'hidden' });
    expect(await storedKeys(page)).toContain(cacheKey);

    await openMenuIfCollapsed(page);
    await signOut.click();
    await warning.getByRole('button', { name: 'Sign out anyway' }).click();
    await page.waitForURL(url('/'));
    await expect
      .poll(async () =>
        (await storedKeys(page)).filter((key) => key.includes(member.userId) || key.endsWith('-auth-token')),
      )
      .toEqual([]);
  });
});

/** At 375 px a member reaches these items through the tab bar's More. */
async function openMenuIfCollapsed(page: Page) {
  const signOut = page.getByRole('button', { name: 'Sign out' });
  if (await signOut.isVisible()) return;
  await page.getByRole('navigation', { name: 'Tabs' }).getByRole('button', { name: 'More' }).click();
  await signOut.waitFor();
}
