import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { waitForEmailLink } from './mail.ts';

let counter = 0;
/** A unique address per call, so tests never share an account or a rate-limit bucket. */
export const uniqueEmail = (label = 'user') =>
  `${label}-${Date.now()}-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A password the server's strength check accepts. */
export const GOOD_PASSWORD = 'harbour-trowel-magnet-47';

async function post(path: string, body: unknown) {
  const response = await fetch(`${inject('baseUrl')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
}

/**
 * An account whose email is already confirmed, made through the API: for tests about what comes
 * after sign-up. Without a code challenge the server mails a token-hash link (/auth/confirm).
 */
export async function createConfirmedAccount(email: string, password = GOOD_PASSWORD): Promise<void> {
  const since = Date.now();
  await post('/api/auth/signup', { email, password });
  const link = new URL(await waitForEmailLink(email, { since }), 'http://app');
  await post('/api/auth/verify', { type: 'signup', token_hash: link.searchParams.get('token_hash') });
}

/**
 * The server sends one mail per address per fixed one-minute window (over_email_send_rate_limit);
 * a test that mails the same address twice waits for the next window.
 */
export async function fillSignInForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

export async function fillRegisterForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
}
