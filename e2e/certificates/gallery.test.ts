import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { createMember, memberApi, signIn, toastTitled } from '../support/members.ts';

const session = useBrowser({ viewport: { width: 375, height: 740 } });

/**
 * A 12 MP "phone photo" (4032×3024 JPEG of a few MB), drawn by the browser: gradients with fine
 * noise, so it neither compresses to nothing nor takes long to encode.
 */
async function phonePhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 4032;
    canvas.height = 3024;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    const gradient = context.createLinearGradient(0, 0, canvas.width, canvas.height);
    gradient.addColorStop(0, '#0f766e');
    gradient.addColorStop(1, '#f59e0b');
    context.fillStyle = gradient;
    context.fillRect(0, 0, canvas.width, canvas.height);
    for (let i = 0; i < 60_000; i++) {
      context.fillStyle = `hsl(${(i * 37) % 360} 60% 50% / 0.5)`;
      context.fillRect((i * 7919) % canvas.width, (i * 104_729) % canvas.height, 6, 6);
    }
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.95));
    if (!blob) throw new Error('no JPEG');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

/** A small JPEG, drawn by the browser: quick to shrink and upload. */
async function smallPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#0f766e';
    context.fillRect(0, 0, 800, 600);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    if (!blob) throw new Error('no JPEG');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

describe('photos and the gallery', () => {
  it('uploads a phone photo made smaller, with progress, and shows it in the gallery', async () => {
    const { page } = session;
    const member = await createMember('gallery');
    await signIn(page, member);
    await page.goto('/certificates/new');
    await page.getByRole('heading', { level: 1, name: 'New certificate' }).waitFor();
    const photo = await phonePhoto(page);
    expect(photo.length).toBeGreaterThan(600 * 1024);

    // Hold the upload until the progress bar has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let uploadedBytes = 0;
    await page.route(isPhotoUpload, async (route) => {
      uploadedBytes = route.request().postDataBuffer()?.length ?? 0;
      await held;
      await route.continue();
    });
    const uploaded = page.waitForResponse((response) => isPhotoUpload(new URL(response.url())));

    await page
      .getByLabel('Choose from library')
      .setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('progressbar', { name: 'Uploading IMG_0042.jpg' }).waitFor();
    // Saving now would leave the photo behind: it is refused until the upload is done.
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await page.getByText('A photo is still uploading', { exact: true }).waitFor();
    release();
    const stored = (await (await uploaded).json()) as { width: number; height: number };
    // PRODUCT.md, Budgets: ≤ 2048 px on the long edge and ≤ 600 KB (plus the multipart envelope).
    expect(Math.max(stored.width, stored.height)).toBeLessThanOrEqual(2048);
    expect(uploadedBytes).toBeLessThanOrEqual(600 * 1024 + 1024);

    await page.getByRole('img', { name: 'Photo 1' }).waitFor();
    await page.getByLabel('Caption for photo 1').fill('Shower recess before membrane');
    await page.getByRole('checkbox', { name: 'AS 3740-2021' }).check();
    await page.getByLabel('Job site address').fill('3 Quay St, Sydney');
    await page.getByLabel('Areas').fill('Ensuite');
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(page, 'Certificate created').waitFor();
    await page.getByRole('img', { name: 'Shower recess before membrane' }).waitFor();

    await page.goto('/gallery');
    await page.getByRole('heading', { level: 1, name: 'Photo gallery' }).waitFor();
    const filter = page.getByLabel('Certificate');
    // The filter appears once the photos have loaded, so poll rather than read it once.
    await expect
      .poll(() => filter.locator('option').allTextContents())
      .toEqual(['All certificates', expect.stringMatching(/^WPC-\d{4}-0001: 3 Quay St, Sydney$/)]);
    await filter.selectOption({ index: 1 });
    await page.getByText('1 photo', { exact: true }).waitFor();

    const opener = page.getByRole('button', { name: 'View full size: Shower recess before membrane' });
    await opener.click();
    const viewer = page.getByRole('dialog', { name: 'Shower recess before membrane' });
    await viewer.getByRole('img', { name: 'Shower recess before membrane' }).waitFor();
    // The full-size image, not the thumbnail, has loaded.
    await expect
      .poll(() => viewer.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(1000);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('never completes a certificate without a photo cut off offline: the photo waits on the phone and uploads first', async () => {
    const { page } = session;
    const member = await createMember('offline-photo');
    await signIn(page, member);
    await page.goto('/certificates/new');
    await page.getByRole('heading', { level: 1, name: 'New certificate' }).waitFor();
    const photo = await smallPhoto(page);
    await page.getByRole('checkbox', { name: 'AS 3740-2021' }).check();
    await page.getByLabel('Job site address').fill('9 Basement Lane, Parramatta');
    await page.getByLabel('Areas').fill('Laundry');

    // The connection drops while the photo uploads.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(isPhotoUpload, async (route) => {
      await held;
      await route.continue().catch(() => {});
    });
    const certificatePosts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/certificates'))
        certificatePosts.push(request.url());
    });
    await page
      .getByLabel('Choose from library')
      .setInputFiles({ name: 'IMG_0100.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('progressbar', { name: 'Uploading IMG_0100.jpg' }).waitFor();
    session.allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to load resource/);
    await page.context().setOffline(true);
    release();
    // Kept on the phone (made smaller), shown from there.
    await page.getByRole('img', { name: 'Photo 1' }).waitFor();

    await page.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(page, 'Waiting to sync').waitFor();
    expect(certificatePosts).toEqual([]);
    expect((await memberApi<{ items: unknown[] }>(member, 'GET', '/api/certificates')).items).toEqual([]);

    await page.unroute(isPhotoUpload);
    await page.context().setOffline(false);
    await expect
      .poll(async () => (await memberApi<{ items: unknown[] }>(member, 'GET', '/api/certificates')).items.length, {
        timeout: 20_000,
      })
      .toBe(1);
    const [saved] = (await memberApi<{ items: Array<{ id: string }> }>(member, 'GET', '/api/certificates')).items;
    const certificate = await memberApi<{ status: string; photos: unknown[] }>(
      member,
      'GET',
      `/api/certificates/${saved?.id}`,
    );
    expect(certificate).toMatchObject({ status: 'completed', photos: [expect.anything()] });
  });

  it('tells a visitor what the gallery is and where to sign in', async () => {
    const { page } = session;
    await page.goto('/gallery');
    await page.getByRole('heading', { level: 1, name: 'Photo gallery' }).waitFor();
    await page.getByRole('link', { name: 'Sign in to see your photos' }).click();
    await page.waitForURL(`${session.baseUrl}/login`);
  });
});

/** A photo's upload, whatever client-made id it carries (`?id=`, ADR 0032). */
function isPhotoUpload(url: URL) {
  return url.pathname === '/api/certificates/photos';
}
