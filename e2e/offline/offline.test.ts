import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { fillJobDetails } from '../support/certificate-form.ts';
import { createCompletedCertificate, createMember, memberApi, signIn } from '../support/members.ts';
import { untilControlled } from '../support/service-worker.ts';

/*
 * ADR 0033: after one visit, the installed app opens with no signal. A real service worker (the
 * build's, precaching the shell) and Chromium's offline mode, at 375 px.
 */

const session = useBrowser({ viewport: { width: 375, height: 740 }, serviceWorkers: 'allow' });

describe('the installable app', () => {
  it('offers a web manifest with icons, and registers its service worker after the page has loaded', async () => {
    const { page } = session;
    await page.goto('/');
    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(manifestUrl ?? '')).json();
    expect(manifest).toMatchObject({ name: 'TradeCert', display: 'standalone', start_url: '/home' });
    expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
    for (const icon of manifest.icons as Array<{ src: string }>) {
      expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
    }
    await untilControlled(page);
  });

  it('opens the landing page with the network off after one visit', async () => {
    const { page, context } = session;
    await page.goto('/');
    await untilControlled(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: /Compliance certificates for trades/ }).waitFor();
  });

  it("opens a member's certificate list and a recent certificate with the network off, from the device's copies", async () => {
    const { page, context } = session;
    const member = await createMember('offline-list');
    const certificate = await createCompletedCertificate(member, '7 Basement Lane, Parramatta NSW 2150');
    await signIn(page, member);
    await page.goto(`/certificates/${certificate.id}`);
    await page.getByText('7 Basement Lane, Parramatta NSW 2150').first().waitFor();
    await page.goto('/certificates');
    await page.getByText('7 Basement Lane, Parramatta NSW 2150').first().waitFor();
    await untilControlled(page);
    await context.setOffline(true);
    session.allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Certificates' }).waitFor();
    // The header says so for as long as the phone is offline.
    await page
      .getByRole('status')
      .filter({ hasText: /^Offline$/ })
      .waitFor();
    await page.getByRole('link', { name: '7 Basement Lane, Parramatta NSW 2150' }).click();
    await page.getByRole('heading', { level: 1, name: 'Certificate of compliance' }).waitFor();
    await page.getByText(/Certificate number WPC-\d{4}-0001/).waitFor();
  });

  it('opens a SWMS with the network off, keeps what is typed through a reload, and saves it once back online, from any page', async () => {
    const { page, context } = session;
    const member = await createMember('offline-swms');
    const swms = await memberApi<{ id: string }>(member, 'POST', '/api/swms', {});
    await signIn(page, member);
    await page.goto('/swms');
    await page.getByRole('link', { name: 'Untitled SWMS' }).click();
    await page.getByLabel('Title').waitFor();
    await untilControlled(page);
    await context.setOffline(true);
    session.allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/);
    await page.reload();
    await page.getByLabel('Title').fill('Basement tanking, Level B2');
    await page.getByText(/kept on this phone, and saved when the connection is back/).waitFor();

    await page.reload();
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Basement tanking, Level B2');
    await page.getByText(/Your changes kept on this phone from .* are back/).waitFor();
    // The list, from the phone's copy, says which SWMS has changes not saved yet.
    await page.goto('/swms');
    await page.getByText('Changes on this phone, not saved yet: they are saved once online.').waitFor();

    // Back online on the list: the typing is saved without opening the SWMS again.
    await context.setOffline(false);
    const stored = async () =>
      (await memberApi<{ body: { title: string } }>(member, 'GET', `/api/swms/${swms.id}`)).body.title;
    await expect.poll(stored, { timeout: 20_000 }).toBe('Basement tanking, Level B2');
    await page.getByRole('link', { name: 'Basement tanking, Level B2' }).waitFor();
    expect(await page.getByText(/Changes on this phone, not saved yet/).count()).toBe(0);
  });

  it('edits a certificate with the network off, a photo included, reopens it through a reload and syncs it once', async () => {
    const { page, context } = session;
    const member = await createMember('offline-edit-photo', { premium: true });
    const certificate = await createCompletedCertificate(member, '12 Sump Pit Rd, Penrith NSW 2750');
    await signIn(page, member);
    await page.goto(`/certificates/${certificate.id}`);
    await page.getByText('12 Sump Pit Rd, Penrith NSW 2750').first().waitFor();
    await untilControlled(page);
    await context.setOffline(true);
    session.allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/);
    await page.goto(`/certificates/edit/${certificate.id}`);
    await page.getByText(/No connection: you are editing the copy on this phone/).waitFor();
    await page.getByLabel('Additional info').fill('Flood test passed after 24 h.');
    await page
      .getByLabel('Choose from library')
      .setInputFiles({ name: 'flood.jpg', mimeType: 'image/jpeg', buffer: await sitePhoto() });
    await page.getByRole('img', { name: /Photo 1/i }).waitFor();
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await page.waitForURL(`${session.baseUrl}/certificates`);

    // Still offline, after a reload: the edit opens again from the phone, photo and all.
    await page.reload();
    const waiting = page.getByRole('region', { name: /Waiting to sync/ });
    await waiting.getByText('1 photo on this phone').waitFor();
    await page.goto(`/certificates/edit/${certificate.id}`);
    await page.getByText(/Your earlier changes to this certificate are waiting to sync/).waitFor();
    await expect.poll(() => page.getByLabel('Additional info').inputValue()).toBe('Flood test passed after 24 h.');
    await page.getByRole('img', { name: /Photo 1/i }).waitFor();
    await page.goto('/certificates');
    await waiting.getByText('12 Sump Pit Rd, Penrith NSW 2750').waitFor();

    await context.setOffline(false);
    const stored = () =>
      memberApi<{ additional_info: string; version: number; photos: unknown[] }>(
        member,
        'GET',
        `/api/certificates/${certificate.id}`,
      );
    await expect.poll(async () => (await stored()).version, { timeout: 30_000 }).toBe(2);
    expect(await stored()).toMatchObject({
      additional_info: 'Flood test passed after 24 h.',
      photos: [expect.anything()],
    });
    await expect.poll(() => waiting.count()).toBe(0);
  });

  it('keeps a draft with 2 photos made offline through a reload, then syncs it once with both photos', async () => {
    const { page, context } = session;
    const member = await createMember('offline-photos', {
      premium: true,
      profile: { common_materials: ['Ardex WPM 300 membrane'] },
    });
    await signIn(page, member);
    await page.goto('/certificates');
    await untilControlled(page);
    // Offline, and reloaded (nothing left in memory): the form's code comes from the precache, the
    // profile it starts from from the phone's copy.
    await context.setOffline(true);
    session.allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/);
    await page.reload();
    await page.getByRole('main').getByRole('link', { name: 'New certificate' }).click();
    await expect
      .poll(() => page.getByRole('group', { name: 'Material 1' }).getByLabel('Product').inputValue())
      .toBe('Ardex WPM 300 membrane');
    await fillJobDetails(page, '8 No Signal Rd, Katoomba NSW 2780');
    for (const name of ['before.jpg', 'after.jpg']) {
      await page
        .getByLabel('Choose from library')
        .setInputFiles({ name, mimeType: 'image/jpeg', buffer: await sitePhoto() });
      await page.getByRole('img', { name: new RegExp(`Photo ${name === 'before.jpg' ? 1 : 2}`, 'i') }).waitFor();
    }
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL(`${session.baseUrl}/certificates`);

    await page.reload();
    const waiting = page.getByRole('region', { name: /Waiting to sync/ });
    await waiting.getByText('8 No Signal Rd, Katoomba NSW 2780').waitFor();
    await waiting.getByText('2 photos on this phone').waitFor();

    await context.setOffline(false);
    await expect.poll(() => waiting.count(), { timeout: 30_000 }).toBe(0);
    const list = await memberApi<{ items: Array<{ job_site_address: string; photo_count: number }> }>(
      member,
      'GET',
      '/api/certificates',
    );
    expect(list.items.map((item) => [item.job_site_address, item.photo_count])).toEqual([
      ['8 No Signal Rd, Katoomba NSW 2780', 2],
    ]);
  });
});

/** A phone photo of a site: a real JPEG. */
const sitePhoto = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#8a6d3b' } })
    .jpeg()
    .toBuffer();
