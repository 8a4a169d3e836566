import { errorCodes } from '@app/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { createCompletedCertificate, createMember, signIn } from '../support/members.ts';

/*
 * PRODUCT.md, States: when the profile cannot be loaded, the app carries on with the basic
 * free-tier profile and asks again with back-off (ADR 0064): a page that needs the profile shows
 * once and stays, instead of going back to "Loading..." each time a part of it asks again.
 */

const session = useBrowser();

/** How long a page is watched for going back to loading, and for its requests for the profile. */
const WATCH_MS = 10_000;
/** At most one request per 5 s: the first, and its retries 5 s and then 10 s after. */
const MOST_PROFILE_REQUESTS_IN_WATCH = 3;

/** Answers every read of the profile with 503 (or no answer at all); counts them. */
async function failProfileReads(page: Page, how: 'answer 503' | 'abort') {
  session.allowConsoleErrors(/status of 503/, /Failed to load resource: net::ERR_FAILED/);
  const reads = { count: 0 };
  await page.route('**/api/profile', (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    reads.count += 1;
    if (how === 'abort') return route.abort('failed');
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: errorCodes.serviceUnavailable, message: 'Down for maintenance' } }),
    });
  });
  return reads;
}

/**
 * Records, in the page, whether a loading message shows at any moment from now on: a
 * MutationObserver sees each change, however briefly it lasts.
 */
function watchForLoading(page: Page) {
  return page.evaluate(() => {
    const loadingShown = () =>
      ['Loading your profile...', 'Loading certificate...'].some((text) => document.body.textContent?.includes(text));
    const seen = { loading: loadingShown() };
    new MutationObserver(() => {
      seen.loading ||= loadingShown();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    Object.assign(window, { loadingSeen: seen });
  });
}

const loadingWasSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { loadingSeen: { loading: boolean } }).loadingSeen.loading);

/**
 * Once `shown` is there, it stays for WATCH_MS with no loading message in between, and the profile
 * is asked for at most once per 5 s (and asked again at least once: the retries go on).
 */
async function expectSteady(page: Page, shown: Locator, reads: { count: number }) {
  await shown.waitFor();
  await watchForLoading(page);
  const readsBefore = reads.count;
  // An observation window, not a wait for something: a slower machine only makes fewer requests.
  await page.waitForTimeout(WATCH_MS);
  expect(await loadingWasSeen(page)).toBe(false);
  expect(await shown.isVisible()).toBe(true);
  expect(reads.count).toBeGreaterThanOrEqual(1);
  expect(reads.count - readsBefore).toBeLessThanOrEqual(MOST_PROFILE_REQUESTS_IN_WATCH);
  expect(reads.count).toBeLessThanOrEqual(MOST_PROFILE_REQUESTS_IN_WATCH + 1);
}

describe('a profile that cannot be loaded', () => {
  it('leaves the new certificate form on the basic free-tier profile, shown once and kept', async () => {
    const { page } = session;
    const member = await createMember('no-profile-new');
    const reads = await failProfileReads(page, 'answer 503');
    await signIn(page, member);
    // The dashboard and the header carry on with the free plan.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Free plan', exact: true })
      .waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();

    reads.count = 0;
    await page.goto('/certificates/new');
    await expectSteady(page, page.getByLabel('Job site address'), reads);
  });

  it('leaves the edit page steady, with the copy of the profile on this phone or the basic one', async () => {
    const { page } = session;
    const member = await createMember('no-profile-edit', { premium: true });
    const certificate = await createCompletedCertificate(member, '3 Quay St, Hobart TAS 7000');
    // Signed in once with the server answering: this phone keeps a copy of the (premium) profile.
    await signIn(page, member);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Premium', exact: true }).waitFor();

    const reads = await failProfileReads(page, 'abort');
    await page.goto(`/certificates/edit/${certificate.id}`);
    await expectSteady(page, page.getByLabel('Job site address'), reads);
    expect(await page.getByLabel('Job site address').inputValue()).toBe('3 Quay St, Hobart TAS 7000');

    // With no copy either, the basic free-tier profile: the edit page says editing needs Premium, and stays.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage)) if (key.startsWith('profile-copy:')) localStorage.removeItem(key);
    });
    reads.count = 0;
    await page.goto(`/certificates/edit/${certificate.id}`);
    await expectSteady(page, page.getByRole('heading', { level: 1, name: 'Premium Feature' }), reads);
  });
});
