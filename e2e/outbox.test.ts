import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { fillJobDetails } from './support/certificate-form.ts';
import { createCompletedCertificate, createMember, memberApi, signIn, toastTitled } from './support/members.ts';

/*
 * Issue 23, "synced exactly once": a certificate saved with no connection waits on the phone and
 * is sent once the connection is back; a retry after a lost answer makes no second one, and the
 * server's rules still hold at sync. Chromium's offline mode, at 375 px.
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });

type ListPage = { items: Array<{ id: string; job_site_address: string; status: string }> };

describe('a certificate saved with no connection', () => {
  it('waits on the phone, then syncs exactly once, even when the first answer is lost', async () => {
    const { page, context } = session;
    const member = await createMember('outbox-sync', { premium: true });
    await signIn(page, member);
    await page.goto('/certificates');
    await page.getByRole('link', { name: 'New certificate' }).first().click();
    await page.getByLabel('Job site address').waitFor();

    await context.setOffline(true);
    session.allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/);
    await fillJobDetails(page, '4 Basement Way, Ultimo NSW 2007');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await toastTitled(page, 'Waiting to sync').waitFor();
    await page.waitForURL(`${session.baseUrl}/certificates`);
    const waiting = page.getByRole('region', { name: /Waiting to sync/ });
    await waiting.getByText('4 Basement Way, Ultimo NSW 2007').waitFor();
    await page.getByRole('status').filter({ hasText: 'Waiting to sync (1)' }).waitFor();

    // The first send reaches the server, and its answer is lost on the way back.
    let posts = 0;
    await page.route('**/api/certificates', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      posts += 1;
      if (posts > 1) return route.fallback();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await context.setOffline(false);

    await expect.poll(() => posts, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => waiting.count(), { timeout: 20_000 }).toBe(0);
    await page.getByRole('link', { name: '4 Basement Way, Ultimo NSW 2007' }).waitFor();
    const list = await memberApi<ListPage>(member, 'GET', '/api/certificates');
    expect(list.items.map((item) => [item.job_site_address, item.status])).toEqual([
      ['4 Basement Way, Ultimo NSW 2007', 'draft'],
    ]);
  });

  it("keeps a free user's completed certificate on the phone when the month's limit refuses it at sync", async () => {
    const { page, context } = session;
    const member = await createMember('outbox-limit');
    for (let n = 1; n <= 5; n += 1) await createCompletedCertificate(member, `${n} Quota St, Sydney`);
    await signIn(page, member);
    await page.goto('/certificates');
    await page.getByRole('link', { name: 'New certificate' }).first().click();
    await page.getByLabel('Job site address').waitFor();

    await context.setOffline(true);
    session.allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR|status of 403/);
    await fillJobDetails(page, '6 Quota St, Sydney');
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(page, 'Waiting to sync').waitFor();
    await context.setOffline(false);

    const kept = page.getByRole('region', { name: /Waiting to sync/ }).getByRole('listitem');
    await kept.getByText('Monthly limit reached').waitFor({ timeout: 20_000 });
    await kept.getByText(/the limit of the free plan/).waitFor();
    await kept.getByText('6 Quota St, Sydney').waitFor();
    const list = await memberApi<ListPage>(member, 'GET', '/api/certificates');
    expect(list.items).toHaveLength(5);
  });
});
