import { authErrorMessages, errorCodes } from '@app/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  createConfirmedAccount,
  fillRegisterForm,
  fillSignInForm,
  GOOD_PASSWORD,
  uniqueEmail,
} from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';
import { waitForEmailLink } from '../support/mail.ts';
import { createMember, forgetMailRateLimit, type Member } from '../support/members.ts';

const session = useBrowser();
const url = (path: string) => `${session.baseUrl}${path}`;
const headerLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** The session this browser keeps in localStorage (`<host label>-auth-token`). */
type StoredSession = { access_token: string; refresh_token: string };
const storedSession = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
    return key ? (JSON.parse(localStorage.getItem(key) ?? 'null') as StoredSession) : null;
  });
const tamperWithStoredSession = (page: Page, changes: Partial<StoredSession>) =>
  page.evaluate((fields) => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'));
    if (!key) throw new Error('no stored session');
    localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key) ?? '{}'), ...fields }));
  }, changes);

/** Registers `email` through the form, typed as `typed` (the same letters, any case); answers the mailed link. */
async function registerThroughForm(page: Page, email: string, typed = email) {
  const since = Date.now();
  await page.goto('/register');
  await fillRegisterForm(page, typed, GOOD_PASSWORD);
  await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
  return waitForEmailLink(email, { since });
}

/** A session of its own for `email`, as the sign-in form would get it, as JSON for localStorage. */
async function signInThroughApi(email: string, password = GOOD_PASSWORD): Promise<string> {
  const response = await fetch(url('/api/auth/signin'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return response.text();
}

/** "Forgot password?" on the sign-in page; returns the emailed link (a PKCE code for this browser). */
async function requestResetThroughForm(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
  const since = Date.now();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText('Check your inbox.').waitFor();
  return waitForEmailLink(email, { since });
}

/** Signs out, then shows the old password refused and the new one accepted at /login. */
async function expectOnlyNewPasswordWorks(page: Page, email: string, newPassword: string) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await headerLink(page, 'Sign in').waitFor();
  await page.goto('/login');
  await fillSignInForm(page, email, GOOD_PASSWORD);
  await page.getByText('Invalid email or password. Please check your credentials and try again.').waitFor();
  await fillSignInForm(page, email, newPassword);
  await page.waitForURL(url('/'));
}

async function signInThroughForm(page: Page, email: string, password = GOOD_PASSWORD) {
  await page.goto('/login');
  await fillSignInForm(page, email, password);
  await page.waitForURL(url('/'));
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

describe('sign-up and email confirmation', () => {
  it('confirms through the emailed link in the same browser and lands signed in', async () => {
    const { page } = session;
    const email = uniqueEmail('register');
    // Typed with capitals, the address is lower-cased by the account; the page names it as stored.
    const typed = email.toUpperCase();
    const link = await registerThroughForm(page, email, typed);
    await page.getByText(email, { exact: true }).waitFor();
    expect(await page.getByText(typed, { exact: true }).count()).toBe(0);
    expect(link).toMatch(/^\/auth\/callback\?code=[^&]+&type=signup$/);

    await page.goto(link);
    // Signed in by the link, the new user goes on to set up their company.
    await page.waitForURL(url('/onboarding'));
    await page.getByText('Email confirmed').waitFor();
    // The profile record loaded for the new user.
    await headerLink(page, 'Free plan').waitFor();
    // The verifier is spent: it is not kept around.
    expect(await page.evaluate(() => Object.keys(localStorage).some((key) => key.endsWith('-code-verifier')))).toBe(
      false,
    );

    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: 'Company profile' }).waitFor();
    expect(page.url()).toBe(url('/profile'));
  });

  it('confirms on another device: the mailbox owner chooses the password there, and the sign-up one stops working', async () => {
    session.allowConsoleErrors(/status of 400/); // the spent link, opened again at the end
    const email = uniqueEmail('other-device');
    const link = await registerThroughForm(session.page, email);

    const phone = await (await session.newContext()).newPage();
    await phone.goto(link);
    await phone.waitForURL(url('/auth/update-password'));
    await phone.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor();
    await phone.getByText(`${email} is confirmed.`, { exact: false }).waitFor();
    expect(await phone.getByLabel('Current password').count()).toBe(0);
    const chosen = 'phone-chosen-lantern-73';
    await phone.getByLabel('New password', { exact: true }).fill(chosen);
    await phone.getByRole('button', { name: 'Save new password' }).click();
    // Signed in on the phone; a user who has not set up yet goes on to onboarding.
    await phone.waitForURL(url('/onboarding'));

    // Whoever typed the sign-up password may not own the mailbox: it no longer signs in.
    const signUpBrowser = await (await session.newContext()).newPage();
    await signUpBrowser.goto('/login');
    await fillSignInForm(signUpBrowser, email, GOOD_PASSWORD);
    await signUpBrowser.getByText('Invalid email or password. Please check your credentials and try again.').waitFor();

    // Each link works once, also in the browser that asked for it.
    await session.page.goto(link);
    await session.page.getByRole('heading', { level: 1, name: 'This link does not work' }).waitFor();
    await session.page.getByRole('alert').filter({ hasText: 'used already' }).waitFor();
  });

  it('says when the email is already registered', async () => {
    session.allowConsoleErrors(/status of 422/);
    const { page } = session;
    const email = uniqueEmail('twice');
    await registerThroughForm(page, email);

    await page.goto('/register');
    await fillRegisterForm(page, email, GOOD_PASSWORD);
    await page
      .getByText(
        "This email is already registered. Please sign in instead or use 'Forgot Password' if you can't access your account.",
      )
      .waitFor();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
  });

  it('asks for at least 6 characters before sending anything', async () => {
    const { page } = session;
    const signUpRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/signup')) signUpRequests.push(request.url());
    });
    await page.goto('/register');
    await fillRegisterForm(page, uniqueEmail('short'), 'abcde');
    await page.getByText('Password must be at least 6 characters long.').waitFor();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(signUpRequests).toEqual([]);
  });

  it('confirms a token-hash link (/auth/confirm) and has its opener choose the password', async () => {
    const { page } = session;
    const email = uniqueEmail('token-hash');
    const since = Date.now();
    // A browser that cannot do PKCE sends no code challenge; the mail then carries a token hash.
    const response = await fetch(url('/api/auth/signup'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: GOOD_PASSWORD }),
    });
    expect(response.status).toBe(201);
    const link = await waitForEmailLink(email, { since });
    expect(link).toMatch(/^\/auth\/confirm\?token_hash=[^&]+&type=signup$/);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Choose your password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('token-hash-chosen-88');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(url('/onboarding'));
  });
});

describe('sign-in', () => {
  it('rejects a wrong password and keeps what was typed', async () => {
    session.allowConsoleErrors(/status of 400/);
    const { page } = session;
    const email = uniqueEmail('wrong-password');
    await createConfirmedAccount(email);
    await page.goto('/login');
    await fillSignInForm(page, email, 'not-the-right-password');
    await page.getByText('Invalid email or password. Please check your credentials and try again.').waitFor();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).toBe(true);
  });

  it('asks to confirm the email first, and offers to resend the link', async () => {
    session.allowConsoleErrors(/status of 400/);
    const { page } = session;
    const email = uniqueEmail('unconfirmed');
    await registerThroughForm(page, email);
    await page.goto('/login');
    await fillSignInForm(page, email, GOOD_PASSWORD);
    await page
      .getByText('Please confirm your email address before signing in. Check your inbox for the confirmation link.')
      .waitFor();
    await page.getByRole('button', { name: 'Resend confirmation email' }).waitFor();
    expect(page.url()).toBe(url('/login'));
  });
});

describe('sign-out', () => {
  it('signs out everywhere, returns to / and guards pages again', async () => {
    const { page } = session;
    const email = uniqueEmail('sign-out');
    await createConfirmedAccount(email);
    await signInThroughForm(page, email);
    const before = await storedSession(page);

    // The page forgets the session first and tells the server after: the check below waits for that answer.
    const signedOut = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/auth/signout',
    );
    await page.getByRole('button', { name: 'Sign out' }).click();
    await headerLink(page, 'Sign in').waitFor();
    expect(page.url()).toBe(url('/'));
    expect(await storedSession(page)).toBeNull();
    expect((await signedOut).status()).toBe(200);

    // Global: the refresh token this browser held no longer works anywhere.
    const refresh = await fetch(url('/api/auth/refresh'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: before?.refresh_token }),
    });
    expect(refresh.status).toBe(401);

    await page.goto('/profile');
    await page.waitForURL(url('/login'));
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  });

  it('lands on / from a guarded page whose home-page code has not been loaded yet, every time', async () => {
    // The race (1 in 4 before the fix): the navigation to / waited for the home page's chunk while
    // the session cleared, and the guard of the page still showing sent the user to /login.
    const members = [await createMember('sign-out-fresh-a'), await createMember('sign-out-fresh-b')];
    for (let attempt = 0; attempt < 8; attempt++) {
      const member = members[attempt % members.length] as Member;
      // A fresh browser (no cached chunks) already holding a session of its own, opened straight on a guarded page.
      const context = await session.newContext();
      const issued = await signInThroughApi(member.email);
      // Runs before each document of the context; the one app page is loaded once (sign-out does not reload).
      await context.addInitScript((value) => {
        if (location.protocol === 'http:') localStorage.setItem(`${location.hostname.split('.')[0]}-auth-token`, value);
      }, issued);
      const page = await context.newPage();
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
      });
      await page.goto('/profile');
      await page.getByRole('heading', { level: 1, name: 'Company profile' }).waitFor();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await headerLink(page, 'Sign in').waitFor();
      // Wait for the page signing out settled on (home, or sign-in when the guard won the race).
      await page.getByRole('heading', { level: 1, name: /^(Compliance certificates for trades|Sign in)/ }).waitFor();
      expect(page.url(), `attempt ${attempt + 1}`).toBe(url('/'));
      expect(visited, `attempt ${attempt + 1}`).not.toContain('/login');
      expect(await storedSession(page)).toBeNull();
      await context.close();
    }
  });

  it('follows a sign-out made in another tab', async () => {
    const { page, context } = session;
    const email = uniqueEmail('two-tabs');
    await createConfirmedAccount(email);
    await signInThroughForm(page, email);
    const otherTab = await context.newPage();
    await otherTab.goto('/profile');
    await otherTab.getByRole('heading', { level: 1, name: 'Company profile' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await otherTab.waitForURL(url('/login'));
  });
});

describe('password recovery', () => {
  it('emails a reset link that sets a new password, which then signs in', async () => {
    session.allowConsoleErrors(/status of 400/); // the old password, refused at the end
    const { page } = session;
    const email = uniqueEmail('forgot');
    const newPassword = 'copper-kettle-lantern-93';
    await createConfirmedAccount(email);

    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your inbox.').waitFor();

    const link = await waitForEmailLink(email, { since });
    expect(link).toMatch(/^\/auth\/callback\?code=[^&]+&type=recovery$/);
    await page.goto(link);
    await page.waitForURL(url('/auth/update-password'));
    await page.getByLabel('New password', { exact: true }).waitFor();
    // The reset link proved the mailbox: the forgotten password is not asked for.
    expect(await page.getByLabel('Current password').count()).toBe(0);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(url('/'));
    await page.getByText('Password updated').waitFor();
    // That ended the recovery session: a further change needs the (new) current password.
    await page.goto('/auth/update-password');
    await page.getByLabel('Current password').waitFor();

    await expectOnlyNewPasswordWorks(page, email, newPassword);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  });

  it('returns to the page the user was going to once the new password is saved', async () => {
    const { page } = session;
    const email = uniqueEmail('forgot-return');
    await createConfirmedAccount(email);
    // A guarded page sends the visitor to sign in; they forgot their password on the way.
    await page.goto('/swms');
    await page.waitForURL(url('/login'));
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const since = Date.now();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your inbox.').waitFor();
    // The link opens in a new tab, as from a mail app.
    const linkTab = await page.context().newPage();
    await linkTab.goto(await waitForEmailLink(email, { since }));
    await linkTab.getByLabel('New password', { exact: true }).fill('harbour-lantern-copper-41');
    await linkTab.getByRole('button', { name: 'Save new password' }).click();
    await linkTab.waitForURL(url('/swms'));
    await linkTab.close();
  });
});

describe('changing the password (PRODUCT.md, Account)', () => {
  it('asks for the current password outside a recovery session, and says by the field when it is wrong', async () => {
    session.allowConsoleErrors(/status of 400/); // the wrong current password, and the old one at the end
    const { page } = session;
    const email = uniqueEmail('change-password');
    const newPassword = 'velvet-anchor-meadow-58';
    await createConfirmedAccount(email);
    await signInThroughForm(page, email);

    await page.goto('/auth/update-password');
    await page.getByRole('heading', { level: 1, name: 'Set a new password' }).waitFor();
    const current = page.getByLabel('Current password');
    expect(await current.getAttribute('autocomplete')).toBe('current-password');
    const save = page.getByRole('button', { name: 'Save new password' });

    // Left empty: asked for before anything is sent.
    const changes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/user') && request.method() === 'PUT') changes.push(request.url());
    });
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await save.click();
    await page.getByText(authErrorMessages.currentPasswordRequired).waitFor();
    expect(changes).toEqual([]);

    // Wrong: the server's words, by the field, which takes the focus.
    await current.fill('not-my-password');
    await save.click();
    await page.getByText(authErrorMessages.currentPasswordIncorrect).waitFor();
    await expect.poll(() => current.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await current.getAttribute('aria-describedby')) ?? '';
    const descriptions = await Promise.all(
      describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(descriptions).toContain(authErrorMessages.currentPasswordIncorrect);
    await expect.poll(() => current.evaluate((input) => input === document.activeElement)).toBe(true);

    await current.fill(GOOD_PASSWORD);
    await save.click();
    await page.waitForURL(url('/'));
    await page.getByText('Password updated').waitFor();

    await expectOnlyNewPasswordWorks(page, email, newPassword);
  });

  it('says a reset link opened in another browser works only where it was asked for, and sends one that works here', async () => {
    session.allowConsoleErrors(/status of 400/); // the link, refused in the other browser
    const email = uniqueEmail('other-browser-reset');
    const newPassword = 'quartz-willow-harbour-26';
    await createConfirmedAccount(email);
    const link = await requestResetThroughForm(session.page, email);

    const phone = await (await session.newContext()).newPage();
    await phone.goto(link);
    await phone.getByRole('heading', { level: 1, name: 'Open this link on the device that asked for it' }).waitFor();
    await phone.getByText(authErrorMessages.recoveryLinkOtherBrowser).waitFor();
    expect(await storedSession(phone)).toBeNull();

    // As if a minute had passed since the first link (one reset mail per address per minute).
    await forgetMailRateLimit(email, 'recovery');
    await phone.getByLabel('Email').fill(email);
    const since = Date.now();
    await phone.getByRole('button', { name: 'Send a new link to this device' }).click();
    await phone.getByText('Check your inbox.').waitFor();

    // The new link belongs to the phone: it signs in there, straight to a new password.
    const phoneLink = await waitForEmailLink(email, { since });
    await phone.goto(phoneLink);
    await phone.waitForURL(url('/auth/update-password'));
    await phone.getByLabel('New password', { exact: true }).waitFor();
    expect(await phone.getByLabel('Current password').count()).toBe(0);
    await phone.getByLabel('New password', { exact: true }).fill(newPassword);
    await phone.getByRole('button', { name: 'Save new password' }).click();
    await phone.waitForURL(url('/'));
    await phone.getByText('Password updated').waitFor();
  });
});

describe('session upkeep', () => {
  it('renews a rejected access token and retries, without bothering the user', async () => {
    session.allowConsoleErrors(/status of 401/);
    const { page } = session;
    const email = uniqueEmail('renew');
    await createConfirmedAccount(email);
    await signInThroughForm(page, email);
    await tamperWithStoredSession(page, { access_token: 'tampered' });

    await page.goto('/profile');
    await headerLink(page, 'Free plan').waitFor();
    expect(page.url()).toBe(url('/profile'));
    // The header may show the phone's copy of the profile first; the renewal follows the 401.
    await expect.poll(async () => (await storedSession(page))?.access_token).not.toBe('tampered');
  });

  it('sends the user to sign in again when the session cannot be renewed', async () => {
    session.allowConsoleErrors(/status of 401/);
    const { page } = session;
    const email = uniqueEmail('expired');
    await createConfirmedAccount(email);
    await signInThroughForm(page, email);
    await tamperWithStoredSession(page, { access_token: 'tampered', refresh_token: 'revoked' });

    await page.goto('/profile');
    await page.waitForURL(url('/login'));
    await page.getByText('Session expired').waitFor();
    // The toast goes after 2 s; the sign-in page keeps saying why the user is there.
    await page.getByText('Your session has ended. Sign in again to go back to that page.').waitFor();
    const rememberedFrom = await page.evaluate(() => (history.state?.usr as { from?: string } | undefined)?.from);
    expect(rememberedFrom).toBe('/profile');
    expect(await storedSession(page)).toBeNull();
  });

  it('carries on with a basic free-tier profile when the profile cannot be loaded', async () => {
    session.allowConsoleErrors(/status of 503/);
    const { page } = session;
    const email = uniqueEmail('no-profile');
    // Not onboarded: without a profile to go by, sign-in must not send the user to onboarding either.
    await createConfirmedAccount(email, GOOD_PASSWORD, { onboarded: false });
    await page.route('**/api/profile', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: errorCodes.serviceUnavailable, message: 'Down for maintenance' } }),
      }),
    );
    await signInThroughForm(page, email);
    await headerLink(page, 'Free plan').waitFor();
    expect(page.url()).toBe(url('/'));
  });
});
