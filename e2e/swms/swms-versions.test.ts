import { type CoverSheet, type SignPage, type SiteSignOnLink, type Swms, startVersionQuestion } from '@app/contract';
import { describe, expect, inject, it } from 'vitest';
import { signaturePng } from '../../apps/server/test/support/signing.ts';
import { readySwmsBody } from '../../apps/server/test/support/swms.ts';
import { useBrowser } from '../support/browser.ts';
import { createMember, type Member, memberApi, signIn } from '../support/members.ts';

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const firstLocation = '12 Harbour St, Sydney NSW 2000';
const changedLocation = '12 Harbour St, Sydney NSW 2001';

/** A ready SWMS (version 1) and its site QR code, through the API. */
async function swmsWithSiteCode(owner: Member) {
  const created = await memberApi<Swms>(owner, 'POST', '/api/swms', {});
  const swms = await memberApi<Swms>(owner, 'PUT', `/api/swms/${created.id}`, {
    revision: created.revision,
    body: { ...readySwmsBody(), work_location: firstLocation },
  });
  const link = await memberApi<SiteSignOnLink>(
    owner,
    'POST',
    `/api/signing/documents/swms/${swms.id}/site-sign-on`,
    {},
  );
  return { swms, siteLink: new URL(link.url).pathname };
}

/** A worker signs on to the version the site code shows now, from their phone's API calls. */
async function signOnByApi(siteLink: string, name: string) {
  const api = `${inject('baseUrl')}/api${siteLink}`;
  const shown = (await (await fetch(api)).json()) as SignPage;
  const signed = await fetch(`${api}/sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      company: 'Tile Crew Pty Ltd',
      read_confirmed: true,
      signature_png: await signaturePng(),
      method: 'drawn',
      document_fingerprint: shown.document.fingerprint,
    }),
  });
  expect(signed.status).toBe(200);
}

describe('a new version of a signed SWMS, at 375 px', () => {
  it('asks before the first change (Cancel saves nothing), then the same site QR code opens version 2 and asks the earlier signer to sign again', async () => {
    const owner = await createMember('swms-versions', { profile: { company_name: 'Dry Right Waterproofing' } });
    const { swms, siteLink } = await swmsWithSiteCode(owner);
    await signOnByApi(siteLink, 'Jo Tiler');

    const { page } = session;
    await signIn(page, owner);
    await page.goto(`/swms/${swms.id}`);
    const location = page.getByLabel('Project / work location');
    await expect.poll(() => location.inputValue()).toBe(firstLocation);
    await page.getByText('Version 1 (current)').waitFor();

    // The first change asks, and Cancel leaves version 1 as it is, on screen and on the server.
    await location.fill(changedLocation);
    const question = page.getByRole('dialog', { name: startVersionQuestion(2) });
    await question.waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await location.inputValue()).toBe(firstLocation);
    await page.reload();
    await expect.poll(() => page.getByLabel('Project / work location').inputValue()).toBe(firstLocation);
    await page.getByText('Version 1 (current)').waitFor();
    const kept = await memberApi<Swms>(owner, 'GET', `/api/swms/${swms.id}`);
    expect(kept).toMatchObject({ current_version: 1, revision: swms.revision, fingerprint: swms.fingerprint });

    // Confirmed, the change starts version 2; one save status says so.
    await page.getByLabel('Project / work location').fill(changedLocation);
    await question.getByRole('button', { name: 'Start version 2' }).click();
    await page.getByText('All changes saved.').waitFor();
    await page.getByText('Version 2 (current)').waitFor();
    expect(await page.getByText(/saved/i).count()).toBe(1);
    const edited = await memberApi<Swms>(owner, 'GET', `/api/swms/${swms.id}`);
    expect(edited).toMatchObject({ current_version: 2, issued: false, body: { work_location: changedLocation } });

    // The printed code still works: it opens version 2, says what changed, and takes Jo's signature again.
    const worker = await (await session.newContext()).newPage();
    await worker.setViewportSize({ width: 375, height: 740 });
    await worker.goto(siteLink);
    await worker
      .getByRole('heading', { name: 'This SWMS has changed: this is version 2. If you signed version 1, sign again.' })
      .waitFor();
    await worker.getByRole('listitem').filter({ hasText: 'Job: Project / work location' }).waitFor();
    await worker.getByText(changedLocation).first().waitFor();
    await worker.getByRole('button', { name: 'Sign', exact: true }).click();
    await worker.getByLabel('Your full name').fill('Jo Tiler');
    await worker.getByLabel('Company').fill('Tile Crew Pty Ltd');
    await worker.getByLabel('I have read and understood this document').check();
    await worker.getByRole('radio', { name: 'Type' }).check();
    await worker.getByRole('img', { name: 'Preview of your typed signature: Jo Tiler' }).waitFor();
    await worker.getByRole('button', { name: 'Sign document' }).click();
    await worker.getByRole('heading', { level: 1, name: 'Thank you for signing' }).waitFor();

    const signed = await memberApi<Swms>(owner, 'GET', `/api/swms/${swms.id}`);
    expect(signed.versions.map((version) => [version.version, version.signature_count])).toEqual([
      [1, 1],
      [2, 1],
    ]);
  });

  it('discards a new version before it is issued: the SWMS is back on version 1, unchanged', async () => {
    const owner = await createMember('swms-discard', { profile: { company_name: 'Dry Right Waterproofing' } });
    const { swms, siteLink } = await swmsWithSiteCode(owner);
    await signOnByApi(siteLink, 'Jo Tiler');
    await memberApi<Swms>(owner, 'PUT', `/api/swms/${swms.id}`, {
      revision: swms.revision,
      body: { ...swms.body, work_location: changedLocation },
      new_version: 2,
    });

    const { page } = session;
    await signIn(page, owner);
    await page.goto(`/swms/${swms.id}`);
    await page.getByText('Version 2 (current)').waitFor();
    await page.getByRole('button', { name: 'Discard version 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard version 2?' });
    await dialog.getByRole('button', { name: 'Discard version 2' }).click();
    await page.getByText('Version 1 (current)').waitFor();
    await expect.poll(() => page.getByLabel('Project / work location').inputValue()).toBe(firstLocation);
    const back = await memberApi<Swms>(owner, 'GET', `/api/swms/${swms.id}`);
    expect(back).toMatchObject({ current_version: 1, fingerprint: swms.fingerprint, status: 'signed' });
  });

  it('shows the section list right under the version line, with no empty band above it', async () => {
    const owner = await createMember('swms-layout', { profile: { company_name: 'Dry Right Waterproofing' } });
    const created = await memberApi<Swms>(owner, 'POST', '/api/swms', {});
    const { page } = session;
    await signIn(page, owner);
    await page.goto(`/swms/${created.id}`);
    const versionLine = page.getByText('Version 1 (current)');
    await versionLine.waitFor();
    const lineBox = await versionLine.boundingBox();
    const sectionsBox = await page.getByRole('navigation', { name: 'SWMS sections' }).boundingBox();
    if (!lineBox || !sectionsBox) throw new Error('the version line or the section list is not on screen');
    // The column's own gap (24 px) and no more: the empty save-status line used to add about 80 px.
    expect(sectionsBox.y - (lineBox.y + lineBox.height)).toBeLessThanOrEqual(32);
  });
});

describe('a new version of a printed cover sheet, at 375 px', () => {
  it('asks before the first change, then discards version 2: the cover sheet is back on version 1, unchanged', async () => {
    const owner = await createMember('cover-discard', { profile: { company_name: 'Dry Right Waterproofing' } });
    const { swms } = await swmsWithSiteCode(owner);
    const created = await memberApi<CoverSheet>(owner, 'POST', '/api/cover-sheets', { swms_ids: [swms.id] });
    const sheet = await memberApi<CoverSheet>(owner, 'PUT', `/api/cover-sheets/${created.id}`, {
      revision: created.revision,
      body: {
        ...created.body,
        principal_contractor: {
          ...created.body.principal_contractor,
          company: 'Harbourside Builders',
          project_name: 'The Quay',
        },
      },
    });
    // Printed with its QR code, version 1 is issued.
    const printed = await fetch(`${inject('baseUrl')}/api/cover-sheets/${sheet.id}/pdf`, {
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(printed.status).toBe(200);
    await printed.arrayBuffer();

    const { page } = session;
    await signIn(page, owner);
    await page.goto(`/swms/cover-sheet/edit/${sheet.id}`);
    await page.getByText('Version 1 (current)').waitFor();
    await page.getByLabel('Project name').fill('The Quay, stage 2');
    const question = page.getByRole('dialog', { name: startVersionQuestion(2) });
    await question.getByRole('button', { name: 'Start version 2' }).click();
    await page.getByText('All changes saved.').waitFor();
    await page.getByText('Version 2 (current)').waitFor();

    await page.getByRole('button', { name: 'Discard version 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard version 2?' });
    await dialog.getByText('the cover sheet goes back to version 1 as it was issued').waitFor();
    await dialog.getByRole('button', { name: 'Discard version 2' }).click();
    await page.getByText('Version 1 (current)').waitFor();
    await expect.poll(() => page.getByLabel('Project name').inputValue()).toBe('The Quay');
    const back = await memberApi<CoverSheet>(owner, 'GET', `/api/cover-sheets/${sheet.id}`);
    expect(back).toMatchObject({ current_version: 1, fingerprint: sheet.fingerprint, issued: true });
  });
});
