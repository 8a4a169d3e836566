import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { balconyTemplate } from '../../apps/server/test/support/checklist-templates.ts';
import { useBrowser } from '../support/browser.ts';
import { certificatePage, fillJobDetails } from '../support/certificate-form.ts';
import { createMember, memberApi, signIn, toastTitled } from '../support/members.ts';
import { gzippedKilobytes, recordScripts } from '../support/script-weight.ts';

/*
 * /compliance (ADR 0037): the standards certificates name and the built-in checklist templates,
 * each item with its rule in words, at 375 px.
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const run = promisify(execFile);

describe('/compliance', () => {
  it('shows the standards and previews each checklist template, its falls following the NCC edition', async () => {
    const { page } = session;
    const member = await createMember('compliance');
    const scripts = recordScripts(page);
    await signIn(page, member);
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('button', { name: 'More' }).click();
    await page.getByRole('link', { name: 'Compliance' }).click();
    await page.getByRole('heading', { level: 1, name: 'Compliance' }).waitFor();

    const standards = page.getByRole('region', { name: 'Standards' });
    for (const name of [
      'AS 3740-2021',
      'AS 4654.1-2012',
      'AS 4654.2-2012',
      'AS/NZS 4858:2004',
      'NCC Housing Provisions Part 10.2',
    ]) {
      await standards
        .getByRole('heading', { level: 3, name: new RegExp(`^${name.replaceAll('.', '\\.')}:`) })
        .waitFor();
    }

    const templates = page.getByRole('region', { name: 'Checklist templates' });
    await templates.getByText('Internal wet area', { exact: true }).click();
    const substrate = templates.getByRole('table', { name: 'Internal wet area: Substrate' });
    const fallRule = substrate.getByRole('row', { name: /Shower floor fall to the waste/ });
    expect(await fallRule.getByRole('cell').nth(1).textContent()).toBe('Between 1:80 and 1:50 (NCC 2022)');
    await templates.getByLabel('NCC edition the building was approved under').selectOption('2016');
    expect(await fallRule.getByRole('cell').nth(1).textContent()).toBe('Between 1:80 and 1:60 (NCC 2016)');

    await templates.getByText('Flood test record', { exact: true }).click();
    const end = templates.getByRole('table', { name: 'Flood test record: End' });
    await end.getByRole('row', { name: /Water level at the end Photo of the flood test end stage/ }).waitFor();

    // PRODUCT.md, Budgets: a signed-in page loads at most 220 KB of gzipped JavaScript.
    expect(await gzippedKilobytes(scripts)).toBeLessThanOrEqual(220);
  });
});

describe('your checklist templates', () => {
  it('lets a Premium member build one with a measured fall on the phone, keeping what was typed when it cannot be saved yet', async () => {
    const { page } = session;
    const member = await createMember('templates', { premium: true });
    await signIn(page, member);
    await page.goto('/compliance');
    const yours = page.getByRole('region', { name: 'Your templates' });
    await yours.getByText('You have no templates of your own yet.').waitFor();
    await yours.getByRole('button', { name: 'New template' }).click();
    const builder = yours.getByRole('form', { name: 'New template' });
    await builder.getByLabel('Stage 1 title').fill('Falls');
    await builder.getByLabel('Check', { exact: true }).fill('Balcony fall to the outlet');
    await builder.getByLabel('Kind').selectOption({ label: 'Measured value' });
    await builder.getByLabel('Rule').selectOption({ label: 'A fall (1:N) between limits' });
    await builder.getByLabel('Steepest 1:').fill('100');
    await builder.getByLabel('Flattest 1:').fill('60');

    // No name, and the limits the wrong way round: each problem says what to do, and nothing typed is lost.
    await builder.getByRole('button', { name: 'Save template' }).click();
    const problems = builder.getByRole('alert');
    await problems.getByText('Name: Give the template a name.').waitFor();
    await problems
      .getByText(/Stage 1, item 1: The steepest fall \(1:N\) must be no flatter than the flattest/)
      .waitFor();
    expect(await builder.getByLabel('Check', { exact: true }).inputValue()).toBe('Balcony fall to the outlet');
    await builder.getByLabel('Template name').fill('Balcony procedure');
    await builder.getByLabel('Standard or procedure (optional)').fill('Company procedure');
    await builder.getByLabel('Steepest 1:').fill('60');
    await builder.getByLabel('Flattest 1:').fill('100');
    await builder.getByRole('button', { name: 'Save template' }).click();
    await toastTitled(page, 'Template saved').waitFor();

    await yours.getByText('Balcony procedure', { exact: true }).click();
    const falls = yours.getByRole('table', { name: 'Balcony procedure: Falls' });
    const fall = falls.getByRole('row', { name: /Balcony fall to the outlet/ });
    expect(await fall.getByRole('cell').nth(1).textContent()).toBe('Between 1:100 and 1:60');
    const stored = await memberApi<{ templates: Array<{ name: string; stages: unknown }> }>(
      member,
      'GET',
      '/api/checklist-templates',
    );
    expect(stored.templates.map((template) => template.name)).toEqual(['Balcony procedure']);

    await yours.getByRole('button', { name: 'Edit template: Balcony procedure' }).click();
    const editor = yours.getByRole('form', { name: 'Edit template' });
    await editor.getByLabel('Template name').fill('Balcony (tiled)');
    await editor.getByRole('button', { name: 'Save template' }).click();
    // Edit and Delete are under the template's preview, folded until it is opened.
    await yours.getByText('Balcony (tiled)', { exact: true }).click();

    await yours.getByRole('button', { name: 'Delete template: Balcony (tiled)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this template?' });
    await dialog.getByRole('button', { name: 'Delete template' }).click();
    await toastTitled(page, 'Template deleted').waitFor();
    await yours.getByText('You have no templates of your own yet.').waitFor();
  });

  it('offers a Premium member their template on the certificate form; the certificate shows it as recorded', async () => {
    const { page } = session;
    const member = await createMember('templates-use', { premium: true });
    await memberApi(member, 'POST', '/api/checklist-templates', balconyTemplate());
    await signIn(page, member);
    await page.goto('/certificates/new');
    await fillJobDetails(page, '4 Terrace Rd, Manly NSW 2095');
    await page.getByLabel('Checklist to add').selectOption({ label: 'Balcony procedure (Company procedure)' });
    await page.getByRole('button', { name: 'Add checklist' }).click();
    const checklist = page.getByRole('group', { name: 'Balcony procedure (Company procedure)' });
    const fall = checklist.getByRole('group', { name: 'Balcony fall to the outlet' });
    await fall.getByRole('spinbutton', { name: 'Balcony fall to the outlet' }).fill('120');
    await fall.getByRole('status').filter({ hasText: 'Warning' }).waitFor();
    const { visitor } = await completeAndShare(page);
    await visitor
      .getByRole('heading', { level: 2, name: 'Checklist: Balcony procedure (Company procedure)' })
      .waitFor();
    await visitor
      .getByRole('listitem')
      .filter({ hasText: 'Balcony fall to the outlet:' })
      .filter({ hasText: '1:120 Warning' })
      .waitFor();
  });

  it('shows a free member the premium message and the way to Premium instead of the builder', async () => {
    const { page } = session;
    const member = await createMember('templates-free');
    await signIn(page, member);
    await page.goto('/compliance');
    const yours = page.getByRole('region', { name: 'Your templates' });
    await yours
      .getByText(
        'Premium Feature: Custom checklist templates require a premium subscription. Please upgrade to access this feature.',
      )
      .waitFor();
    expect(await yours.getByRole('link', { name: 'See Premium' }).getAttribute('href')).toBe(
      '/pricing?return_to=%2Fcompliance',
    );
    expect(await yours.getByRole('button', { name: 'New template' }).count()).toBe(0);
  });
});

describe('a checklist on a certificate', () => {
  it('records a shower fall of 1:90, a dated stage photo, materials and property details on the phone; the share page and PDF print them', async () => {
    const { page } = session;
    const member = await createMember('checklist');
    await signIn(page, member);
    await page.goto('/certificates/new');
    await fillJobDetails(page, '11 Grout Lane, Marrickville NSW 2204');
    await page.getByRole('button', { name: 'Add checklist' }).click();
    const checklist = page.getByRole('group', { name: /^Internal wet area \(AS 3740-2021, NCC 20\d\d\)$/ });
    const fall = checklist.getByRole('group', { name: 'Shower floor fall to the waste' });
    await fall.getByRole('spinbutton', { name: 'Shower floor fall to the waste' }).fill('90');
    await fall.getByRole('status').filter({ hasText: 'Warning' }).waitFor();
    await checklist.getByText('Between 1:80 and 1:50 (NCC 2022)').waitFor();
    // Under NCC 2016 the same fall is still too flat.
    await checklist.getByLabel('NCC edition the building was approved under').selectOption('2016');
    await checklist.getByText('Between 1:80 and 1:60 (NCC 2016)').waitFor();
    await checklist.getByLabel('NCC edition the building was approved under').selectOption('2022');

    await page
      .getByLabel('Choose from library')
      .setInputFiles({ name: 'substrate.jpg', mimeType: 'image/jpeg', buffer: await stagePhoto() });
    await page.getByRole('img', { name: /Photo 1/i }).waitFor();
    // On a phone, "Take photo" opens the rear camera; the library is the other way in.
    expect(await page.getByLabel('Take photo').getAttribute('capture')).toBe('environment');
    // When the camera took it, read from its EXIF before the photo was made smaller.
    await page.getByText('Taken 20 Nov 2026, 08:15').waitFor();
    await page.getByRole('button', { name: 'Add a material' }).click();
    const material = page.getByRole('group', { name: 'Material 1' });
    await material.getByLabel('Product').fill('Hydrabond 300');
    await material.getByLabel('Batch number').fill('B1234');
    await material.getByLabel('Coats').fill('2');
    await page.getByRole('button', { name: 'Add property details' }).click();
    await page.getByLabel('Lot and plan').fill('Lot 12 on RP123456');
    await page.getByLabel('Building class').fill('1a');
    // The stage's photos are chosen once, for the stage (its one photo item here).
    const substrate = checklist.getByRole('group', { name: 'Photo evidence: Substrate' });
    await substrate.getByRole('checkbox', { name: 'Photo 1' }).check();
    await substrate.getByRole('listitem').filter({ hasText: 'Substrate before priming' }).getByText('Pass').waitFor();
    // The share page, as the builder opens it with no session: the fall, its rule and the warning,
    // and the stage photo captioned with its stage.
    // The rest of the checklist is left unrecorded: completing lists it first.
    const { id, visitor } = await completeAndShare(page, { unrecorded: 18 });
    await visitor
      .getByRole('heading', { level: 2, name: 'Checklist: Internal wet area (AS 3740-2021, NCC 2022)' })
      .waitFor();
    const fallEntry = visitor.getByRole('listitem').filter({ hasText: 'Shower floor fall to the waste:' });
    await fallEntry.filter({ hasText: '1:90 Warning' }).waitFor();
    await fallEntry.getByText('Rule: Between 1:80 and 1:50 (NCC 2022)').waitFor();
    await visitor.getByRole('img', { name: 'Substrate before priming: stage photo' }).waitFor();
    await visitor.getByText('Stage: Substrate · Taken 20 Nov 2026, 08:15', { exact: true }).waitFor();
    await visitor.getByRole('heading', { level: 2, name: 'Photos: Substrate stage' }).waitFor();
    await visitor.getByRole('heading', { level: 2, name: 'Aspect certificate details (Queensland)' }).waitFor();
    await visitor.getByText('Lot 12 on RP123456', { exact: true }).waitFor();
    await visitor.getByText('Hydrabond 300, batch B1234, 2 coats', { exact: true }).waitFor();

    const stored = await memberApi<{ checklists: Array<{ entries: Record<string, { value?: number }> }> }>(
      member,
      'GET',
      `/api/certificates/${id}`,
    );
    expect(stored.checklists[0]?.entries['shower-fall']).toEqual({ value: 90 });
    const pdf = await fetch(`${session.baseUrl}/api/certificates/${id}/pdf`, {
      headers: { authorization: `Bearer ${member.accessToken}` },
    });
    const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-e2e-checklist-'));
    try {
      const file = path.join(directory, 'certificate.pdf');
      await writeFile(file, Buffer.from(await pdf.arrayBuffer()));
      const { stdout } = await run('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-']);
      const text = stdout.replace(/\s+/g, ' ');
      expect(text).toContain('Shower floor fall to the waste: 1:90 WARNING');
      expect(text).toContain('Rule: Between 1:80 and 1:50 (NCC 2022)');
      expect(text).toContain('Substrate before priming: 1 photo PASS');
      expect(text).toContain('Lot and plan Lot 12 on RP123456');
      expect(text).toContain('Building class 1a');
      expect(text).toMatch(/Hydrabond 300 B1234 2/);
      expect(text).toContain('Photos: Substrate stage');
      expect(text).toContain('Taken 20 Nov 2026, 08:15');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

/**
 * Saves the form as completed (completing anyway when `unrecorded` checklist items are listed first),
 * then opens the certificate as the builder does: a browser with no session.
 */
async function completeAndShare(page: Page, { unrecorded = 0 } = {}) {
  await page.getByRole('button', { name: 'Save as completed' }).click();
  if (unrecorded > 0) {
    const dialog = page.getByRole('dialog', { name: `${unrecorded} items not recorded` });
    await dialog.getByRole('button', { name: 'Complete anyway' }).click();
  }
  await toastTitled(page, 'Certificate created').waitFor();
  await page.waitForURL(certificatePage);
  const id = page.url().split('/').at(-1) ?? '';
  const visitor = await (await session.newContext()).newPage();
  await visitor.goto(`/certificates/${id}`);
  return { id, visitor };
}

/** A phone photo whose EXIF says when it was taken (and which the form makes no smaller: it is small). */
const stagePhoto = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#6b7280' } })
    .withExif({ IFD2: { DateTimeOriginal: '2026:11:20 08:15:30' } })
    .jpeg()
    .toBuffer();
