import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { createCompletedCertificate, createMember, memberApi, signIn, toastTitled } from '../support/members.ts';
import { gzippedKilobytes, recordScripts } from '../support/script-weight.ts';

/** The public site, the signed-in dashboard, the legal pages and /bundles (PRODUCT.md, Home and dashboard). */
const session = useBrowser();
const url = (pathname: string) => `${session.baseUrl}${pathname}`;

describe('the landing page', () => {
  it('shows a visitor what TradeCert does, a real certificate, pricing and sign-up, within the script budget', async () => {
    const { page } = session;
    const scripts = recordScripts(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /Compliance certificates for trades/ }).waitFor();
    await page.waitForLoadState('networkidle');
    // PRODUCT.md, Budgets: a public page loads at most 115 KB of gzipped JavaScript.
    expect(await gzippedKilobytes(scripts)).toBeLessThanOrEqual(115);

    const certificate = page.getByRole('img', { name: /A sample certificate of compliance/ });
    // Below the fold on a phone, so it loads lazily: scrolled to, it loads.
    expect(await certificate.getAttribute('loading')).toBe('lazy');
    await certificate.scrollIntoViewIfNeeded();
    await expect
      .poll(() => certificate.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBe(896);

    await page.getByRole('heading', { level: 3, name: 'Safe Work Method Statements' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Signing by link' }).waitFor();
    await page.getByText('$19 a month or $190 a year (AUD, GST included)', { exact: false }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Create a free account' }).last().click();
    await page.waitForURL(url('/register'));
  });
});

describe('the sign-in page', () => {
  it('shows the sign-in form within the script budget', async () => {
    const { page } = session;
    const scripts = recordScripts(page);
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await page.getByLabel('Email').waitFor();
    await page.waitForLoadState('networkidle');
    // PRODUCT.md, Budgets: a public page loads at most 115 KB of gzipped JavaScript.
    expect(await gzippedKilobytes(scripts)).toBeLessThanOrEqual(115);
  });
});

describe('the dashboard', () => {
  it('shows a signed-in user their recent certificate and this month’s usage, and one-tap starts', async () => {
    const { page } = session;
    const member = await createMember('dashboard');
    const certificate = await createCompletedCertificate(member, '8 Dashboard Lane, Penrith');
    await memberApi(member, 'POST', `/api/signing/documents/certificate/${certificate.id}/requests`, {
      signers: [{ name: 'Bea Builder', email: 'bea@builder.example.com' }],
    });
    const swms = await memberApi<{ id: string; number: string }>(member, 'POST', '/api/swms', {
      starter: 'waterproofing',
    });
    await signIn(page, member);

    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const recent = page.getByRole('region', { name: 'Recent certificates' });
    await recent.getByRole('link', { name: '8 Dashboard Lane, Penrith' }).waitFor();
    const waiting = page.getByRole('region', { name: 'Signatures waiting' });
    await waiting.getByText('Bea Builder · not opened yet', { exact: false }).waitFor();
    expect(
      await waiting
        .getByRole('link', { name: `Certificate of compliance ${certificate.certificate_number}` })
        .getAttribute('href'),
    ).toBe(`/certificates/${certificate.id}`);
    const recentSwms = page.getByRole('region', { name: 'Recent SWMS' });
    await recentSwms.getByText(swms.number, { exact: false }).waitFor();
    expect(await recentSwms.getByRole('listitem').getByRole('link').getAttribute('href')).toBe(`/swms/${swms.id}`);
    const usage = page.getByRole('region', { name: 'This month' });
    await usage.getByText('1 of 5 completed certificates used this month on the free plan.').waitFor();
    // Far from the limit: no upgrade offer yet.
    expect(await usage.getByRole('link', { name: 'Upgrade to Premium' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New SWMS' }).getAttribute('href')).toBe('/swms');

    await page.getByRole('main').getByRole('link', { name: 'New certificate' }).click();
    await page.waitForURL(url('/certificates/new'));
  });

  it('offers Premium, back to the dashboard, when one certificate is left this month', async () => {
    const { page } = session;
    const member = await createMember('dashboard-close');
    for (const n of [1, 2, 3, 4]) await createCompletedCertificate(member, `${n} Close St, Sydney`);
    await signIn(page, member);

    const usage = page.getByRole('region', { name: 'This month' });
    await usage.getByText('4 of 5 completed certificates used this month on the free plan.').waitFor();
    await usage.getByText('1 left this month.', { exact: false }).waitFor();
    await usage.getByRole('link', { name: 'Upgrade to Premium' }).click();
    await page.waitForURL(url('/pricing?return_to=%2F'));
  });
});

describe('the legal pages', () => {
  it('are reachable from the footer, dated', async () => {
    const { page } = session;
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await footer.getByRole('link', { name: 'Terms' }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
    await page.getByText('Last updated:', { exact: false }).waitFor();
    await footer.getByRole('link', { name: 'Privacy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
    await page.getByText('Australian Privacy Principles', { exact: false }).first().waitFor();
  });

  it('are linked from the sign-up form', async () => {
    const { page } = session;
    await page.goto('/register');
    await page.getByText('By creating an account you agree to the', { exact: false }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Terms', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Terms of service' }).waitFor();
    await page.goBack();
    await page.getByRole('main').getByRole('link', { name: 'Privacy policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
  });
});

describe('/bundles', () => {
  it('explains bundles, says they are disabled, and shows the server’s answer to "Create bundle" as a toast', async () => {
    session.allowConsoleErrors(/status of 403/);
    const { page } = session;
    await signIn(page, await createMember('bundles'));
    await page.goto('/bundles');
    await page.getByRole('heading', { level: 1, name: 'Document bundles' }).waitFor();
    await page.getByRole('main').getByText('Bundle feature is currently disabled', { exact: true }).waitFor();

    const answer = page.waitForResponse((response) => response.url().endsWith('/api/bundles'));
    await page.getByRole('button', { name: 'Create bundle' }).click();
    expect((await answer).status()).toBe(403);
    await toastTitled(page, 'Bundle not created').waitFor();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Bundle feature is currently disabled', { exact: true })
      .waitFor();
  });
});
