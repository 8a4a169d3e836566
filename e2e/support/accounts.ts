import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { createDatabase } from '../../apps/server/src/db/client.ts';
import { waitForEmailLink } from './mail.ts';

let counter = 0;
/** A unique address per call, so tests never share an account or a rate-limit bucket. */
export const uniqueEmail = (label = 'user') =>
  `${label}-${Date.now()}-${++counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A password the server's strength check accepts. */
export const GOOD_PASSWORD = 'harbour-trowel-magnet-47';

async function send<T = unknown>(
  method: 'POST' | 'PATCH' | 'PUT',
  path: string,
  body: unknown,
  accessToken?: string,
): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json().catch(() => undefined)) as T;
}

/**
 * An account whose email is already confirmed, made through the API: for tests about what comes
 * after sign-up. Like a returning user it has finished onboarding, so signing in lands where the
 * test expects; pass `{ onboarded: false }` for a brand-new user, whom sign-in takes to /onboarding.
 * Without a code challenge the server mails a token-hash link (/auth/confirm).
 */
export async function createConfirmedAccount(
  email: string,
  password = GOOD_PASSWORD,
  { onboarded = true }: { onboarded?: boolean } = {},
): Promise<void> {
  await forgetThisMachinesIpLimits();
  const since = Date.now();
  await send('POST', '/api/auth/signup', { email, password });
  const link = new URL(await waitForEmailLink(email, { since }), 'http://app');
  // A token-hash confirmation signs in only to choose the password (ADR 0024): choose the same one.
  const verified = await send<{ session: { access_token: string } }>('POST', '/api/auth/verify', {
    type: 'signup',
    token_hash: link.searchParams.get('token_hash'),
  });
  await send('PUT', '/api/auth/user', { password }, verified.session.access_token);
  if (onboarded) await finishOnboarding(email, password);
}

/**
 * The suite makes every account from this one machine, so its sign-ups, mails and sign-ins would
 * reach the per-IP limits meant for a single client (real users arrive from many addresses). Before
 * arranging an account through the API, a helper clears this machine's per-IP counters (`<rule>:ip:…`);
 * what a test then does in the browser still counts against them.
 */
async function forgetThisMachinesIpLimits(): Promise<void> {
  const db = createDatabase(inject('databaseUrl'), { maxConnections: 1 });
  try {
    await db.$client.query(`delete from rate_limit_counters where key like '%:ip:%'`);
  } finally {
    await db.$client.end();
  }
}

/** Marks onboarding as done through the API, as its last step does. */
async function finishOnboarding(email: string, password = GOOD_PASSWORD): Promise<void> {
  const session = await send<{ access_token: string }>('POST', '/api/auth/signin', { email, password });
  await send('PATCH', '/api/profile', { onboarding_completed: true }, session.access_token);
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
