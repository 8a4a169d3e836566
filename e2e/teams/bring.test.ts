import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { waitForInvitationLink } from '../support/mail.ts';
import {
  addMemberTo,
  createCompletedCertificate,
  createMember,
  memberApi,
  signIn,
  toastTitled,
  uploadCertificatePhoto,
} from '../support/members.ts';

/*
 * Bringing one's records (ADR 0089), at 375 px: a person with an issued certificate (with a photo)
 * accepts an invitation and chooses to bring it. The business's office member sees it in the list
 * with its number as issued (the same number the business's own first certificate has) and the
 * joiner as its maker; its photo and its PDF still open.
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const BUSINESS = 'Harbour Waterproofing Pty Ltd';
const run = promisify(execFile);

describe('a joiner who brings their records', () => {
  it('finds them in the business with their numbers, maker, photo and PDF', async () => {
    const { page } = session;
    // Owner, office member and the joiner: more than the free plan's two seats (ADR 0077).
    const owner = await createMember('bring-owner', { premium: true, profile: { company_name: BUSINESS } });
    const office = await addMemberTo(owner, 'office', 'bring-office');
    const joiner = await createMember('bring-joiner', {
      profile: { company_name: 'Jo’s Waterproofing', applicator_name: 'Jo Bringer' },
    });
    const ownersCertificate = await createCompletedCertificate(owner, '1 Harbour Street, Sydney NSW 2000');
    const photo = await uploadCertificatePhoto(joiner);
    const address = '9 Brought Lane, Katoomba NSW 2780';
    const brought = await memberApi<{ id: string; certificate_number: string }>(joiner, 'POST', '/api/certificates', {
      user_id: joiner.userId,
      standards: ['AS 3740-2021'],
      job_site_address: address,
      installation_date: '2026-11-20',
      areas: 'Ensuite',
      materials_used: 'Ardex WPM 300',
      photos: [{ file_id: photo, caption: 'Shower recess' }],
      status: 'completed',
    });
    // Each business's sequence gave out its first number.
    expect(brought.certificate_number).toBe(ownersCertificate.certificate_number);

    const since = Date.now();
    await memberApi(owner, 'POST', '/api/team/invitations', { email: joiner.email, role: 'field' });
    const link = await waitForInvitationLink(joiner.email, { since });
    // Joining first answers 409 records_to_resolve: the page asks what becomes of the records.
    session.allowConsoleErrors(/status of 409/);
    await signIn(page, joiner);
    await page.goto(link);
    await page.getByRole('button', { name: `Join ${BUSINESS}` }).click();
    await page
      .getByText(`Your own account holds 1 certificate and 0 SWMS and cover sheets.`, { exact: false })
      .waitFor();
    await page.getByRole('button', { name: `Bring them into ${BUSINESS}` }).click();
    await toastTitled(page, `You joined ${BUSINESS}`).waitFor();
    await page
      .getByText(
        `Your 1 certificate and 0 SWMS and cover sheets are now ${BUSINESS}’s, each with its number as issued.`,
      )
      .waitFor();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // The office member's list: both certificates, one number twice, the brought one made by the joiner.
    const officePage = await (await session.newContext()).newPage();
    await officePage.setViewportSize({ width: 375, height: 740 });
    await signIn(officePage, office);
    await officePage.goto('/certificates');
    const row = officePage.getByRole('listitem').filter({ has: officePage.getByRole('link', { name: address }) });
    await row.getByText('Made by Jo Bringer').waitFor();
    await row.getByText(brought.certificate_number).waitFor();
    const ownersRow = officePage
      .getByRole('listitem')
      .filter({ has: officePage.getByRole('link', { name: '1 Harbour Street, Sydney NSW 2000' }) });
    await ownersRow.getByText(ownersCertificate.certificate_number).waitFor();
    expect(await officePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Its photo and its PDF open for the office member, the PDF with the number as issued.
    const headers = { authorization: `Bearer ${office.accessToken}` };
    expect((await fetch(`${session.baseUrl}/api/files/${photo}`, { headers })).status).toBe(200);
    const pdf = await fetch(`${session.baseUrl}/api/certificates/${brought.id}/pdf`, { headers });
    expect(pdf.status).toBe(200);
    const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-e2e-bring-'));
    try {
      const file = path.join(directory, 'certificate.pdf');
      await writeFile(file, Buffer.from(await pdf.arrayBuffer()));
      const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
      const text = stdout.replace(/\s+/g, ' ');
      expect(text).toContain(brought.certificate_number);
      expect(text).toContain(address);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
