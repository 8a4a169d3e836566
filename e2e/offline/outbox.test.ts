import { randomUUID } from 'node:crypto';
import type { Certificate } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { certificatePage, fillJobDetails } from '../support/certificate-form.ts';
import { createCompletedCertificate, createMember, memberApi, signIn, toastTitled } from '../support/members.ts';

/*
 * "Synced exactly once" (ADR 0032, ADR 0035): a certificate saved with no connection waits on the phone and
 * is sent once the connection is back; a retry after a lost answer makes no second one, and the
 * server's rules still hold at sync. Chromium's offline mode, at 375 px.
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });

type ListPage = { items: Array<{ id: string; job_site_address: string; status: string }> };

/** A member (Premium unless `premium` says not) signs in and, with no connection, saves a draft at `address`: it waits in the outbox. */
async function saveDraftOffline(name: string, address: string, consoleErrors: RegExp, premium = true) {
  const { page, context } = session;
  const member = await createMember(name, { premium });
  await signIn(page, member);
  await page.goto('/certificates');
  await page.getByRole('link', { name: 'New certificate' }).first().click();
  await page.getByLabel('Job site address').waitFor();

  await context.setOffline(true);
  session.allowConsoleErrors(consoleErrors);
  await fillJobDetails(page, address);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await toastTitled(page, 'Waiting to sync').waitFor();
  await page.waitForURL(`${session.baseUrl}/certificates`);
  return member;
}

describe('a certificate saved with no connection', () => {
  it('waits on the phone, then syncs exactly once, even when the first answer is lost', async () => {
    const { page, context } = session;
    const member = await saveDraftOffline(
      'outbox-sync',
      '4 Basement Way, Ultimo NSW 2007',
      /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/,
    );
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

  it("sends a free user's draft to the account once online, uncounted, and it is theirs to discard", async () => {
    const { page, context } = session;
    const address = '5 Tunnel Rd, Pyrmont NSW 2009';
    const member = await saveDraftOffline(
      'outbox-free-draft',
      address,
      /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/,
      false,
    );
    await page
      .getByRole('region', { name: /Waiting to sync/ })
      .getByText(address)
      .waitFor();
    await context.setOffline(false);

    await page.getByRole('link', { name: address }).click({ timeout: 20_000 });
    await page.waitForURL(certificatePage);
    const saved = await memberApi<ListPage>(member, 'GET', '/api/certificates');
    expect(saved.items.map((item) => [item.job_site_address, item.status])).toEqual([[address, 'draft']]);
    expect((await memberApi<{ completed: number }>(member, 'GET', '/api/certificates/usage')).completed).toBe(0);

    // A working draft on the free plan: Delete is live, and discards it.
    expect(await page.getByText('Editing and deleting certificates come with Premium.').count()).toBe(0);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete permanently' }).click();
    await toastTitled(page, 'Certificate deleted').waitFor();
    expect((await memberApi<ListPage>(member, 'GET', '/api/certificates')).items).toEqual([]);
  });

  it('drops it, and says so, when it was deleted on another device before this phone heard the answer', async () => {
    const { page, context } = session;
    const member = await saveDraftOffline(
      'outbox-deleted',
      '8 Gone Lane, Marrickville NSW 2204',
      /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR|status of 410/,
    );

    // The first send makes the certificate; before its answer reaches the phone, the office deletes
    // it from another device, and the answer is lost. The phone then sends the create again.
    let posts = 0;
    await page.route('**/api/certificates', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      posts += 1;
      if (posts > 1) return route.fallback();
      await route.fetch();
      const { id } = route.request().postDataJSON() as { id: string };
      await memberApi(member, 'DELETE', `/api/certificates/${id}`);
      await route.abort('connectionreset');
    });
    await context.setOffline(false);

    const notice = page.getByRole('status').filter({ hasText: 'This certificate was deleted on another device' });
    await notice.getByText('8 Gone Lane, Marrickville NSW 2204').waitFor({ timeout: 20_000 });
    expect(posts).toBe(2);
    expect(await page.getByRole('region', { name: /Waiting to sync/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: '8 Gone Lane, Marrickville NSW 2204' }).count()).toBe(0);
    expect((await memberApi<ListPage>(member, 'GET', '/api/certificates')).items).toEqual([]);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => notice.count()).toBe(0);
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

    // The work opens again in the form, to save as a draft in the account until next month or an upgrade.
    await kept.getByRole('link', { name: 'Open to edit' }).click();
    await expect.poll(() => page.getByLabel('Job site address').inputValue()).toBe('6 Quota St, Sydney');
    await page
      .getByRole('region', { name: 'This month' })
      .getByText(/You have reached this month’s limit/)
      .waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await toastTitled(page, 'Draft saved').waitFor();
    await page.waitForURL(certificatePage);
    const withDraft = await memberApi<ListPage>(member, 'GET', '/api/certificates');
    expect(withDraft.items).toHaveLength(6);
    await page.goto('/certificates');
    await page.getByRole('link', { name: '6 Quota St, Sydney' }).waitFor();
    expect(await page.getByRole('region', { name: /Waiting to sync/ }).count()).toBe(0);
  });
});

describe('a draft a free user kept on this phone before drafts were kept in the account', () => {
  it('is moved to the account once, its photo uploaded, and not counted', async () => {
    const { page } = session;
    const member = await createMember('phone-draft-moved');
    await signIn(page, member);
    await page.goto('/certificates');
    await page.getByText(/You have no certificates yet/).waitFor();
    const ids = { userId: member.userId, clientId: randomUUID(), photoId: randomUUID() };
    // The draft as ADR 0036 kept it in the phone's outbox: never sent, its photo only on the phone.
    await page.evaluate(async ({ userId, clientId, photoId }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const drawing = canvas.getContext('2d');
      if (drawing) {
        drawing.fillStyle = '#0f766e';
        drawing.fillRect(0, 0, 64, 48);
      }
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg'));
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open('tradecert-outbox');
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      const address = '7 Kept Lane, Ultimo NSW 2007';
      const writing = database.transaction(['changes', 'photos'], 'readwrite');
      writing.objectStore('photos').put({ id: photoId, userId, blob, keptAt: new Date().toISOString() });
      writing.objectStore('changes').add({
        userId,
        subject: `certificate:${clientId}`,
        label: address,
        request: {
          method: 'POST',
          path: '/api/certificates',
          body: {
            id: clientId,
            user_id: userId,
            status: 'draft',
            job_site_address: address,
            photos: [{ file_id: photoId, caption: 'Kept' }],
          },
        },
        createdAt: new Date().toISOString(),
        attempts: 0,
        keptDraft: true,
        form: {
          standards: [],
          otherStandards: '',
          jobSiteAddress: address,
          installationDate: '',
          areas: '',
          materialsUsed: '',
          additionalInfo: '',
          photos: [{ fileId: photoId, caption: 'Kept', url: 'blob:kept', thumbnailUrl: 'blob:kept', local: true }],
        },
      });
      await new Promise((resolve, reject) => {
        writing.oncomplete = resolve;
        writing.onerror = () => reject(writing.error);
      });
      database.close();
    }, ids);

    // The app opens with it on the phone: it goes to the account by itself.
    await page.reload();
    await page.getByRole('link', { name: '7 Kept Lane, Ultimo NSW 2007' }).waitFor({ timeout: 20_000 });
    const moved = await memberApi<Certificate>(member, 'GET', `/api/certificates/${ids.clientId}`);
    expect(moved).toMatchObject({ status: 'draft', job_site_address: '7 Kept Lane, Ultimo NSW 2007' });
    expect(moved.photos.map((photo) => [photo.file_id, photo.caption])).toEqual([[ids.photoId, 'Kept']]);
    expect((await memberApi<{ completed: number }>(member, 'GET', '/api/certificates/usage')).completed).toBe(0);
    const leftOnPhone = () =>
      page.evaluate(
        async (userId) =>
          new Promise<number>((resolve, reject) => {
            const opening = indexedDB.open('tradecert-outbox');
            opening.onerror = () => reject(opening.error);
            opening.onsuccess = () => {
              const counting = opening.result
                .transaction('changes')
                .objectStore('changes')
                .index('byUser')
                .count(userId);
              counting.onsuccess = () => {
                opening.result.close();
                resolve(counting.result);
              };
            };
          }),
        member.userId,
      );
    await expect.poll(leftOnPhone).toBe(0);

    // Opened again, nothing is sent twice.
    await page.reload();
    await page.getByRole('link', { name: '7 Kept Lane, Ultimo NSW 2007' }).waitFor();
    expect((await memberApi<ListPage>(member, 'GET', '/api/certificates')).items).toHaveLength(1);
    expect(await page.getByRole('region', { name: /Waiting to sync/ }).count()).toBe(0);
  });
});

describe('an edit made with no connection', () => {
  it('waits on the phone; when the certificate changed elsewhere meanwhile, the user sees both versions and chooses', async () => {
    const { page, context } = session;
    const member = await createMember('outbox-conflict', { premium: true });
    const certificate = await createCompletedCertificate(member, '9 Cellar Lane, Newtown NSW 2042');
    await signIn(page, member);
    await page.goto(`/certificates/edit/${certificate.id}`);
    await page.getByLabel('Additional info').waitFor();

    await context.setOffline(true);
    session.allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR|status of 409/);
    await page.getByLabel('Additional info').fill('Flood test passed after 24 h.');
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(page, 'Waiting to sync').waitFor();
    await page.waitForURL(`${session.baseUrl}/certificates`);
    await page
      .getByRole('region', { name: /Waiting to sync/ })
      .getByText('9 Cellar Lane, Newtown NSW 2042')
      .waitFor();

    // Meanwhile the office amends it from another device.
    const stored = await memberApi<{ revision: number }>(member, 'GET', `/api/certificates/${certificate.id}`);
    await memberApi(member, 'PATCH', `/api/certificates/${certificate.id}`, {
      additional_info: 'Membrane cured 48 h before tiling.',
      areas: 'Ensuite and laundry',
      revision: stored.revision,
    });
    await context.setOffline(false);

    const entry = page.getByRole('region', { name: /Waiting to sync/ }).getByRole('listitem');
    await entry.getByText('Changed on another device').waitFor({ timeout: 20_000 });
    await entry.getByRole('link', { name: 'Compare and choose' }).click();
    const choice = page.getByRole('region', { name: 'Changed on another device' });
    await choice.getByText('Flood test passed after 24 h.').waitFor();
    await choice.getByText('Membrane cured 48 h before tiling.').waitFor();
    // Nothing was overwritten: the server still has the other device's edit.
    expect(
      await memberApi<{ additional_info: string }>(member, 'GET', `/api/certificates/${certificate.id}`),
    ).toMatchObject({ additional_info: 'Membrane cured 48 h before tiling.' });

    await choice.getByRole('button', { name: 'Keep my version' }).click();
    await toastTitled(page, 'Your version is kept').waitFor();
    await expect
      .poll(
        async () =>
          (await memberApi<{ additional_info: string }>(member, 'GET', `/api/certificates/${certificate.id}`))
            .additional_info,
        { timeout: 20_000 },
      )
      .toBe('Flood test passed after 24 h.');
    // What the user did not change keeps the other edit; the outbox is empty.
    expect(
      await memberApi<{ areas: string; version: number }>(member, 'GET', `/api/certificates/${certificate.id}`),
    ).toMatchObject({ areas: 'Ensuite and laundry', version: 3 });
    await expect.poll(() => page.getByRole('region', { name: /Waiting to sync/ }).count()).toBe(0);
  });
});

describe("the dashboard's recent certificates", () => {
  it('say "Waiting to sync" for certificates saved with no connection, as the list does, until they are sent', async () => {
    const { page, context } = session;
    const member = await createMember('outbox-dashboard', { premium: true });
    await createCompletedCertificate(member, '5 Sump Rd, Glebe NSW 2037');
    await signIn(page, member);
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    const recent = page.getByRole('region', { name: 'Recent certificates' });
    const row = (address: string) => recent.getByRole('listitem').filter({ hasText: address });

    // Online, in the app: the dashboard's list and the forms' code are on the phone.
    await page.goto('/home');
    await row('5 Sump Rd, Glebe NSW 2037').getByText('Completed', { exact: true }).waitFor();
    await tabs.getByRole('link', { name: 'New' }).click();
    await page.getByLabel('Job site address').waitFor();
    await tabs.getByRole('link', { name: 'Home' }).click();
    await recent.getByRole('link', { name: '5 Sump Rd, Glebe NSW 2037' }).click();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Additional info').waitFor();

    // With no connection: an edit of that certificate, then a new one.
    await context.setOffline(true);
    session.allowConsoleErrors(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/);
    await page.getByLabel('Additional info').fill('Flood test passed after 24 h.');
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await page.waitForURL(`${session.baseUrl}/certificates`);
    await tabs.getByRole('link', { name: 'New' }).click();
    await fillJobDetails(page, '8 Offline Ave, Leichhardt NSW 2040');
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await page.waitForURL(`${session.baseUrl}/certificates`);

    await tabs.getByRole('link', { name: 'Home' }).click();
    await row('8 Offline Ave, Leichhardt NSW 2040').getByText('Waiting to sync', { exact: true }).waitFor();
    await row('5 Sump Rd, Glebe NSW 2037').getByText('Waiting to sync', { exact: true }).waitFor();
    // The one the server does not have yet comes first.
    expect(await recent.getByRole('listitem').first().textContent()).toContain('8 Offline Ave, Leichhardt NSW 2040');

    // Back online: both are sent, and show as the server has them now.
    await context.setOffline(false);
    await row('8 Offline Ave, Leichhardt NSW 2040')
      .getByText('Completed', { exact: true })
      .waitFor({ timeout: 30_000 });
    await row('5 Sump Rd, Glebe NSW 2037')
      .getByText('Amended (version 2)', { exact: true })
      .waitFor({ timeout: 30_000 });
    expect(await recent.getByText('Waiting to sync', { exact: true }).count()).toBe(0);
    expect(await recent.getByRole('listitem').count()).toBe(2);
  });
});

describe('signing out with changes waiting', () => {
  it('offers to send them first, and signs out once they are on the server', async () => {
    const { page } = session;
    const member = await createMember('outbox-sign-out', { premium: true });
    const certificate = await createCompletedCertificate(member, '3 Pump Lane, Alexandria NSW 2015');
    await signIn(page, member);
    await page.goto(`/certificates/edit/${certificate.id}`);
    // The server cannot take the save for now: the edit waits on the phone.
    let serverDown = true;
    session.allowConsoleErrors(/status of 503|Failed to load resource/);
    await page.route(`**/api/certificates/${certificate.id}`, (route) =>
      route.request().method() === 'PATCH' && serverDown
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"error":{"code":"unavailable","message":"Try again shortly."}}',
          })
        : route.fallback(),
    );
    await page.getByLabel('Additional info').fill('Sent before signing out.');
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(page, 'Database error').waitFor();
    await page
      .getByRole('region', { name: /Waiting to sync/ })
      .getByText('3 Pump Lane, Alexandria NSW 2015')
      .waitFor();

    const signOut = page.getByRole('button', { name: 'Sign out' });
    if (!(await signOut.isVisible()))
      await page.getByRole('navigation', { name: 'Tabs' }).getByRole('button', { name: 'More' }).click();
    await signOut.click();
    const warning = page.getByRole('dialog', { name: 'Sign out and lose your changes?' });
    await warning.getByText('You have 1 unsynced change that will be lost.').waitFor();
    serverDown = false;
    await warning.getByRole('button', { name: 'Send them now' }).click();
    await page.waitForURL(`${session.baseUrl}/`);
    expect(
      await memberApi<{ additional_info: string }>(member, 'GET', `/api/certificates/${certificate.id}`),
    ).toMatchObject({ additional_info: 'Sent before signing out.' });
  });
});
