import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { certificatePage, fillJobDetails } from '../support/certificate-form.ts';
import { createCompletedCertificate, createMember, memberApi, signIn, toastTitled } from '../support/members.ts';
import { qrOfFirstPage } from '../support/pdf-qr.ts';
import { gzippedKilobytes, recordScripts } from '../support/script-weight.ts';

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const url = (pathname: string) => `${session.baseUrl}${pathname}`;

describe('free plan', () => {
  it('completes 5 certificates in a month; the 6th gets "Monthly limit reached" and keeps what was typed', async () => {
    const { page } = session;
    const member = await createMember('free-limit', {
      profile: { common_materials: ['Ardex WPM 300', 'Bond breaker tape'] },
    });
    for (const n of [1, 2, 3, 4]) await createCompletedCertificate(member, `${n} Harbour St, Sydney`);
    await signIn(page, member);

    await page.goto('/certificates/new');
    await page.getByRole('heading', { level: 1, name: 'New certificate' }).waitFor();
    // A material line for each of the profile's common materials.
    await expect
      .poll(() => page.getByRole('group', { name: 'Material 2' }).getByLabel('Product').inputValue())
      .toBe('Bond breaker tape');
    expect(await page.getByRole('group', { name: 'Material 1' }).getByLabel('Product').inputValue()).toBe(
      'Ardex WPM 300',
    );
    await fillJobDetails(page, '5 Harbour St, Sydney');
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(page, 'Certificate created').waitFor();
    await page.waitForURL(certificatePage);
    await page.getByRole('heading', { level: 1, name: 'Certificate of compliance' }).waitFor();
    await page.getByText(/Certificate number WPC-\d{4}-0005/).waitFor();

    await page.goto('/certificates/new');
    await fillJobDetails(page, '6 Harbour St, Sydney');
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(page, 'Monthly limit reached').waitFor();
    expect(
      await page
        .getByRole('main')
        .getByText(/upgrade to Premium for unlimited certificates/)
        .isVisible(),
    ).toBe(true);
    // The limit offers a draft, and says what a draft is on the free plan.
    expect(
      await page
        .getByRole('main')
        .getByText(/unlimited certificates\. Drafts are saved to your account and never counted/)
        .isVisible(),
    ).toBe(true);
    expect(page.url()).toBe(url('/certificates/new'));
    await expect.poll(() => page.getByLabel('Job site address').inputValue()).toBe('6 Harbour St, Sydney');

    // The toast stays while the pointer is on it (PRODUCT.md, States), and on a phone it covers the form's top:
    // closed, as a person would, before the button under it.
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('button', { name: 'Dismiss notification' })
      .click();
    // Saved as a draft to the account: it does not count towards the limit.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await toastTitled(page, 'Draft saved').waitFor();
    await page.waitForURL(certificatePage);
    const serverList = await memberApi<{ items: Array<{ job_site_address: string; status: string }> }>(
      member,
      'GET',
      '/api/certificates',
    );
    expect(serverList.items[0]).toMatchObject({ job_site_address: '6 Harbour St, Sydney', status: 'draft' });
    expect((await memberApi<{ completed: number }>(member, 'GET', '/api/certificates/usage')).completed).toBe(5);

    await page.goto('/certificates');
    const items = page.getByRole('main').getByRole('listitem');
    await items.first().getByRole('link', { name: '6 Harbour St, Sydney' }).waitFor();
    await expect.poll(() => items.count()).toBe(6);
    // The list: newest first, filterable by status and searchable by address.
    await page.getByLabel('Status').selectOption('completed');
    await page.waitForURL(url('/certificates?status=completed'));
    await expect.poll(() => items.count()).toBe(5);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Search by address').fill('3 Harbour');
    await page.waitForURL(url('/certificates?q=3+Harbour'));
    await expect.poll(() => items.count()).toBe(1);
    await expect.poll(() => items.getByRole('link').textContent()).toBe('3 Harbour St, Sydney');
  });

  it('keeps a draft in the account: another device opens it and completes it, counted only then', async () => {
    const { page } = session;
    const member = await createMember('free-draft');
    await signIn(page, member);
    const completedThisMonth = async () =>
      (await memberApi<{ completed: number }>(member, 'GET', '/api/certificates/usage')).completed;

    await page.goto('/certificates');
    await page
      .getByRole('main')
      .getByText(
        'You have no certificates yet. Create one for your next job: save it as a draft and complete it later.',
      )
      .waitFor();
    await page.getByRole('link', { name: 'Create your first certificate' }).click();
    await page.getByRole('heading', { level: 1, name: 'New certificate' }).waitFor();
    // Said before anything is saved, and tied to the button it is about.
    const saveDraft = page.getByRole('button', { name: 'Save draft' });
    await expect
      .poll(() => saveDraft.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent()))
      .toBe('Drafts are saved to your account and never counted: only completing one counts towards the month.');
    await page.getByLabel('Job site address').fill('4 Ferry Rd, Glebe');
    await saveDraft.click();
    await toastTitled(page, 'Draft saved').waitFor();
    await page.waitForURL(certificatePage);
    expect(await completedThisMonth()).toBe(0);

    // Another device: a fresh browser with nothing kept on it.
    const otherDevice = await (await session.newContext()).newPage();
    await signIn(otherDevice, member);
    await otherDevice.goto('/certificates');
    await otherDevice.getByRole('link', { name: '4 Ferry Rd, Glebe' }).click();
    await otherDevice.waitForURL(certificatePage);
    await otherDevice
      .getByText('On the free plan you can edit or discard this draft until it is completed', { exact: false })
      .waitFor();
    await otherDevice.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect.poll(() => otherDevice.getByLabel('Job site address').inputValue()).toBe('4 Ferry Rd, Glebe');
    await fillJobDetails(otherDevice, '4 Ferry Rd, Glebe');
    expect(await completedThisMonth()).toBe(0);
    await otherDevice.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(otherDevice, 'Certificate updated').waitFor();
    await otherDevice.getByText(/Certificate number WPC-\d{4}-0001/).waitFor();
    expect(await completedThisMonth()).toBe(1);

    // Issued: the free plan reads it, and editing it is Premium's again.
    await otherDevice.getByRole('link', { name: 'Edit (Premium: see the plans)' }).waitFor();
    const list = await memberApi<{ items: Array<{ job_site_address: string; status: string }> }>(
      member,
      'GET',
      '/api/certificates',
    );
    expect(list.items.map((item) => [item.job_site_address, item.status])).toEqual([
      ['4 Ferry Rd, Glebe', 'completed'],
    ]);
  });

  it('is told editing and deleting need Premium', async () => {
    session.allowConsoleErrors(/status of 403/);
    const { page } = session;
    const member = await createMember('free-no-edit');
    const certificate = await createCompletedCertificate(member, '9 Quay St, Sydney');
    await signIn(page, member);

    // Edit and Delete show as locked Premium actions, said once, leading to the plans and back.
    await page.goto(`/certificates/${certificate.id}`);
    await page.getByText('Editing and deleting certificates come with Premium.').waitFor();
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Delete (Premium: see the plans)' }).click();
    await page.waitForURL((url) => url.pathname === '/pricing');
    expect(new URL(page.url()).searchParams.get('return_to')).toBe(`/certificates/${certificate.id}`);
    await page.goBack();
    await page.getByRole('link', { name: 'Edit (Premium: see the plans)' }).waitFor();

    // The edit page, reached by its address, says why in one message.
    await page.goto(`/certificates/edit/${certificate.id}`);
    await page.getByRole('heading', { level: 1, name: 'Premium Feature' }).waitFor();
    await page.getByText('Premium subscription required to update certificates').waitFor();
  });
});

describe('the certificate list', () => {
  it('shows each row on a phone with its photo’s thumbnail, the address first, a status chip and the date', async () => {
    const { page } = session;
    const member = await createMember('list-rows', { premium: true });
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await fetch(url('/api/certificates/photos'), {
      method: 'POST',
      headers: { authorization: `Bearer ${member.accessToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const photo = (await uploaded.json()) as { file_id: string };
    await memberApi(member, 'POST', '/api/certificates', {
      user_id: member.userId,
      standards: ['AS 3740-2021'],
      job_site_address: '3 Quay St, Sydney',
      installation_date: '2026-11-20',
      areas: 'Ensuite',
      materials_used: 'Ardex WPM 300',
      photos: [{ file_id: photo.file_id, caption: 'Shower recess' }],
      status: 'completed',
    });
    await memberApi(member, 'POST', '/api/certificates', {
      user_id: member.userId,
      job_site_address: '12 Wharf Rd, Balmain',
      status: 'draft',
    });
    await signIn(page, member);
    await page.goto('/certificates');

    const completed = page.getByRole('listitem').filter({ hasText: '3 Quay St, Sydney' });
    // The address is the row's link, and the first thing it says.
    await completed.getByRole('link', { name: '3 Quay St, Sydney' }).waitFor();
    expect((await completed.innerText()).trim()).toMatch(/^3 Quay St, Sydney\s+Completed\s+Installed/);
    const thumbnail = completed.locator('img');
    await expect
      .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    expect(await thumbnail.getAttribute('alt')).toBe('');
    const box = await thumbnail.boundingBox();
    expect([box?.width, box?.height]).toEqual([64, 64]);

    const draft = page.getByRole('listitem').filter({ hasText: '12 Wharf Rd, Balmain' });
    await draft.getByText('Draft', { exact: true }).waitFor();
    expect(await draft.locator('img').count()).toBe(0);
    // Nothing on the row reaches past a 375 px screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

describe('premium plan', () => {
  it('creates a draft, completes it by editing, and deletes it after confirming', async () => {
    session.allowConsoleErrors(/status of 404/);
    const { page } = session;
    const member = await createMember('premium', { premium: true });
    await signIn(page, member);

    await page.goto('/certificates/new');
    await page.getByLabel('Job site address').fill('12 Wharf Rd, Balmain');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await toastTitled(page, 'Draft saved').waitFor();
    await page.waitForURL(certificatePage);
    const id = page.url().split('/').at(-1) ?? '';

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(url(`/certificates/edit/${id}`));
    await expect.poll(() => page.getByLabel('Job site address').inputValue()).toBe('12 Wharf Rd, Balmain');
    // Completing asks for the missing job details first, and takes the user to the first one: the
    // areas, which the form asks for before the standards (in the order of the job).
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await page.getByText('Choose at least one standard.').waitFor();
    await page.getByText('Describe the areas treated.').waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.id)).toBe(
      await page.getByLabel('Areas').getAttribute('id'),
    );
    await page.getByRole('checkbox', { name: 'AS 4654.1-2012' }).check();
    await page.getByRole('checkbox', { name: 'Other' }).check();
    await page.getByLabel('Other standard').fill('Builder spec 7');
    await page.getByLabel('Areas').fill('Balcony');
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(page, 'Certificate updated').waitFor();
    await page.waitForURL(url(`/certificates/${id}`));
    await page.getByText(/Certificate number WPC-\d{4}-0001/).waitFor();
    await page.getByText('Builder spec 7').waitFor();

    // Escape closes the confirmation without deleting, and focus goes back to Delete.
    const deleteButton = page.getByRole('button', { name: 'Delete', exact: true });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this certificate?' });
    await dialog.waitFor();
    expect(
      await dialog.getByRole('button', { name: 'Cancel' }).evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await deleteButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await toastTitled(page, 'Certificate deleted').waitFor();
    await page.waitForURL(url('/certificates'));
    // Premium can finish a draft later, and is told so.
    await page
      .getByText(
        'You have no certificates yet. Create one for your next job: save it as a draft and complete it later.',
      )
      .waitFor();
    await expect(memberApi(member, 'GET', `/api/certificates/${id}`)).rejects.toThrow(/answered 404/);
  });
  it('keeps an edit on the device when it cannot be saved, and synchronizes it once the server can be reached', async () => {
    session.allowConsoleErrors(/Failed to load resource/);
    const { page } = session;
    const member = await createMember('premium-offline', { premium: true });
    const certificate = await createCompletedCertificate(member, '8 Pier St, Pyrmont');
    await signIn(page, member);
    await page.goto(`/certificates/edit/${certificate.id}`);
    await page.getByLabel('Additional info').fill('Flood test passed after 24 h.');
    await page.getByLabel('Reason for the amendment (optional)').fill('Flood test result added');

    // The connection drops as the user saves, and stays down for a while.
    await page.route(`**/api/certificates/${certificate.id}`, (route) =>
      route.request().method() === 'PATCH' ? route.abort('internetdisconnected') : route.continue(),
    );
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await toastTitled(page, 'Database error').waitFor();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText(/saved locally on this device but not synchronized/)
      .waitFor();
    await page
      .getByRole('region', { name: /Waiting to sync/ })
      .getByText('8 Pier St, Pyrmont')
      .waitFor();

    // Back later: the edit goes through by itself, once, with its reason.
    await page.unroute(`**/api/certificates/${certificate.id}`);
    await page.reload();
    const stored = () =>
      memberApi<{ additional_info: string; version: number; amendment_reason: string }>(
        member,
        'GET',
        `/api/certificates/${certificate.id}`,
      );
    await expect.poll(async () => (await stored()).version, { timeout: 20_000 }).toBe(2);
    await page.getByRole('link', { name: '8 Pier St, Pyrmont' }).waitFor();
    expect(await page.getByRole('region', { name: /Waiting to sync/ }).count()).toBe(0);
    expect(await stored()).toMatchObject({
      additional_info: 'Flood test passed after 24 h.',
      version: 2,
      amendment_reason: 'Flood test result added',
    });
  });
});

describe('share link', () => {
  it('opens a completed certificate in a fresh browser with no session, light and phone-sized', async () => {
    session.allowConsoleErrors(/status of 404/);
    const member = await createMember('share', {
      profile: {
        company_name: 'Dry Right Waterproofing',
        company_abn: '51 824 753 556',
        licence_number: 'WP-12345',
        applicator_name: 'Sam Nguyen',
      },
    });
    const certificate = await createCompletedCertificate(member, '77 Ocean St, Bondi');
    const draft = await memberApi<{ id: string }>(member, 'POST', '/api/certificates', {
      user_id: member.userId,
      job_site_address: 'Draft job',
      status: 'draft',
    });

    const visitor = await (await session.newContext()).newPage();
    await visitor.setViewportSize({ width: 375, height: 740 });
    const scripts = recordScripts(visitor);
    await visitor.goto(`/certificates/${certificate.id}`);
    await visitor.getByRole('heading', { level: 1, name: 'Certificate of compliance' }).waitFor();
    for (const text of ['Dry Right Waterproofing', '51 824 753 556', 'WP-12345', 'Sam Nguyen', '77 Ocean St, Bondi']) {
      await visitor.getByText(text, { exact: true }).waitFor();
    }
    await visitor.getByText(`Certificate number ${certificate.certificate_number}`).waitFor();
    expect(await visitor.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await visitor.evaluate(() => Object.keys(localStorage).some((key) => key.endsWith('-auth-token')))).toBe(
      false,
    );
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
    // PRODUCT.md, Budgets: a public page loads at most 115 KB of gzipped JavaScript.
    expect(await gzippedKilobytes(scripts)).toBeLessThanOrEqual(115);

    await visitor.goto(`/certificates/${draft.id}`);
    await visitor.getByRole('heading', { level: 1, name: 'Certificate not found' }).waitFor();
  });

  it('lets the owner copy the link where the browser has no share sheet', async () => {
    const { page, context } = session;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.baseUrl });
    // As a desktop browser without the Web Share API.
    await page.addInitScript(() => {
      Reflect.deleteProperty(Navigator.prototype, 'share');
      Reflect.deleteProperty(Navigator.prototype, 'canShare');
    });
    const member = await createMember('copy-link');
    const certificate = await createCompletedCertificate(member, '5 Cove Ln, Manly');
    await signIn(page, member);
    await page.goto(`/certificates/${certificate.id}`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await toastTitled(page, 'Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url(`/certificates/${certificate.id}`));
  });

  it('shares the link and the PDF through the share sheet on a phone', async () => {
    const { page } = session;
    // A phone's Web Share API that takes files, recording what it was given.
    await page.addInitScript(() => {
      const shared: Array<{
        title?: string;
        url?: string;
        files: Array<{ name: string; type: string; size: number }>;
      }> = [];
      Object.assign(window, { sharedForTest: shared });
      Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true, value: () => true });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          const files = (data.files ?? []).map((file) => ({ name: file.name, type: file.type, size: file.size }));
          shared.push({ title: data.title, url: data.url, files });
        },
      });
    });
    const member = await createMember('share-sheet');
    const certificate = await createCompletedCertificate(member, '7 Beach Rd, Bondi');
    // The issued PDF is rendered once and cached: Share's 3 s wait for it is about the network, not
    // the render on a busy test machine.
    const warm = await fetch(url(`/api/certificates/${certificate.id}/pdf`), {
      headers: { authorization: `Bearer ${member.accessToken}` },
    });
    expect(warm.status).toBe(200);
    await signIn(page, member);
    await page.goto(`/certificates/${certificate.id}`);
    expect(await page.getByRole('button', { name: 'Copy link' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    type Shared = { title?: string; url?: string; files: Array<{ name: string; type: string; size: number }> };
    const sharedOf = () => page.evaluate(() => (window as unknown as { sharedForTest: Shared[] }).sharedForTest);
    await expect.poll(async () => (await sharedOf()).length, { timeout: 10_000 }).toBe(1);
    const [shared] = await sharedOf();
    expect(shared).toMatchObject({
      title: `Certificate of compliance ${certificate.certificate_number}`,
      url: url(`/certificates/${certificate.id}`),
      files: [{ type: 'application/pdf', name: expect.stringMatching(/\.pdf$/) }],
    });
    expect(shared?.files[0]?.size).toBeGreaterThan(1000);
  });
});

describe('signed-in shell', () => {
  it('loads at most 220 KB of gzipped JavaScript for the certificate list and the new-certificate form', async () => {
    const { page } = session;
    const member = await createMember('bundle');
    await createCompletedCertificate(member, '9 Budget St, Sydney');
    const scripts = recordScripts(page);
    await signIn(page, member);
    await page.goto('/certificates');
    await page.getByRole('link', { name: '9 Budget St, Sydney' }).waitFor();
    await page.getByRole('link', { name: 'New certificate' }).first().click();
    await page.getByLabel('Job site address').waitFor();
    // PRODUCT.md, Budgets: the signed-in shell loads at most 220 KB of gzipped JavaScript.
    expect(await gzippedKilobytes(scripts)).toBeLessThanOrEqual(220);
  });
});

describe('an amended certificate', () => {
  it("sends the builder's first PDF to 'Superseded by version 2', and on to the current version", async () => {
    const { page } = session;
    const member = await createMember('amended', { premium: true });
    const certificate = await createCompletedCertificate(member, '8 Jetty Rd, Glenelg SA 5045');
    // The builder's copy, downloaded before the amendment.
    const firstPdf = Buffer.from(await (await fetch(url(`/api/certificates/${certificate.id}/pdf`))).arrayBuffer());
    const qr = new URL(await qrOfFirstPage(firstPdf));
    expect(qr.pathname).toBe(`/verify/certificate/${certificate.id}/1`);

    // The applicator amends it on their phone, with a reason.
    await signIn(page, member);
    await page.goto(`/certificates/edit/${certificate.id}`);
    await page.getByRole('heading', { name: 'Saving makes version 2' }).waitFor();
    await page.getByLabel('Areas').fill('Ensuite and laundry');
    await page.getByLabel('Reason for the amendment (optional)').fill('The laundry was left off');
    await page.getByRole('button', { name: 'Save as completed' }).click();
    await page.waitForURL(url(`/certificates/${certificate.id}`));
    await page.getByText(/Version 2 — amended/).waitFor();
    await page.getByText('Reason: The laundry was left off').first().waitFor();
    await page.getByRole('heading', { name: 'Versions' }).waitFor();

    // The builder, in a fresh phone-sized browser, scans the first PDF's QR code.
    const visitor = await (await session.newContext()).newPage();
    await visitor.goto(qr.pathname);
    await visitor.getByText(/^Superseded by version 2 \(amended \d{1,2} \w{3} \d{4}\)$/).waitFor();
    await visitor.getByRole('link', { name: 'View the certificate' }).click();
    await visitor.waitForURL(url(`/certificates/${certificate.id}?version=1`));
    // The verify page's own verdict can still be on screen while the share page loads: wait for
    // what only the share page shows, then its verdict.
    await visitor.getByText('Ensuite: shower recess and floor').waitFor();
    await visitor.getByText(/^Superseded by version 2 \(amended \d{1,2} \w{3} \d{4}\)$/).waitFor();
    await visitor.getByRole('link', { name: 'Open the current version' }).click();
    await visitor.getByText('Genuine, current version').waitFor();
    expect(await visitor.getByText('Ensuite and laundry').isVisible()).toBe(true);
    // The 64-character fingerprint is behind Details, not in the way.
    expect(await visitor.getByText(/^[0-9a-f]{64}$/).isVisible()).toBe(false);
    await visitor.getByText('Details', { exact: true }).click();
    expect(await visitor.getByText(/^[0-9a-f]{64}$/).isVisible()).toBe(true);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
  });
});
