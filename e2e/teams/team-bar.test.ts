import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';
import { certificatePage, fillJobDetails } from '../support/certificate-form.ts';
import { drawSignature } from '../support/images.ts';
import { waitForEmailLink, waitForInvitationLink } from '../support/mail.ts';
import { createMember, signIn, toastTitled } from '../support/members.ts';

/*
 * The Bar of teams (ADR 0077), at 375 px: the owner invites an office member and a field member
 * from /team; each signs up from the mailed link and joins. The field member completes a
 * certificate with a photo; the office member sees it in the list with the field member's name, and
 * its PDF prints the business's name and ABN and "Issued by <field member> for <business>".
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const PHONE = { width: 375, height: 740 };
const BUSINESS = 'Harbour Waterproofing Pty Ltd';
const ABN = '51 824 753 556';
const run = promisify(execFile);

const tabBar = (page: Page) => page.getByRole('navigation', { name: 'Tabs' });

/** Invites `email` as `role` from the Team page the owner is on. */
async function invite(page: Page, email: string, role: 'Office' | 'Field') {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Role').selectOption({ label: role });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await page
    .getByRole('list', { name: 'Invitations waiting' })
    .getByRole('listitem')
    .filter({ hasText: email })
    .waitFor();
}

/** On a phone of their own, the invitee opens the mailed link, creates an account, confirms it and joins. */
async function joinFromMail(email: string, since: number): Promise<Page> {
  const link = await waitForInvitationLink(email, { since });
  const phone = await (await session.newContext()).newPage();
  await phone.setViewportSize(PHONE);
  await phone.goto(link);
  await phone.getByRole('link', { name: 'Create an account' }).click();
  await phone.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
  const signedUpAt = Date.now();
  await phone.getByLabel('Password', { exact: true }).fill(GOOD_PASSWORD);
  await phone.getByRole('button', { name: 'Create account', exact: true }).click();
  await phone.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
  await phone.goto(await waitForEmailLink(email, { since: signedUpAt }));
  await phone.waitForURL(`${session.baseUrl}${link}`);
  await phone.getByRole('button', { name: `Join ${BUSINESS}` }).click();
  await toastTitled(phone, `You joined ${BUSINESS}`).waitFor();
  await phone.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return phone;
}

/** The access token the phone's session holds. */
const accessTokenOf = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token')) ?? '';
    return (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token ?? '';
  });

const sitePhoto = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#6b7f99' } })
    .jpeg()
    .toBuffer();

describe('a team at work', () => {
  it('lets the field member issue a certificate with a photo that the office sees with their name, printed for the business', async () => {
    const { page } = session;
    // Three people need more seats than the free plan's two (ADR 0077, slice 7).
    const owner = await createMember('bar-owner', {
      premium: true,
      profile: { company_name: BUSINESS, company_abn: ABN },
    });
    const officeEmail = uniqueEmail('bar-office');
    const fieldEmail = uniqueEmail('bar-field');

    await signIn(page, owner);
    await tabBar(page).getByRole('button', { name: 'More' }).click();
    await tabBar(page).getByRole('link', { name: 'Team' }).click();
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    const since = Date.now();
    await invite(page, officeEmail, 'Office');
    await invite(page, fieldEmail, 'Field');

    const field = await joinFromMail(fieldEmail, since);
    const office = await joinFromMail(officeEmail, since);

    // The field member, on site: a certificate with a photo, completed; they add their own name and
    // signature as the issuer when asked (the company is the business's).
    const address = '7 Quay Street, Balmain NSW 2041';
    await field.goto('/certificates/new');
    await fillJobDetails(field, address);
    await field
      .getByLabel('Choose from library')
      .setInputFiles({ name: 'shower.jpg', mimeType: 'image/jpeg', buffer: await sitePhoto() });
    await field.getByRole('img', { name: /Photo 1/i }).waitFor();
    await field.getByRole('button', { name: 'Save as completed' }).click();
    const panel = field.getByRole('region', { name: 'Who issues this' });
    await panel.getByLabel('Applicator name').fill('Riley Field');
    await panel.getByRole('button', { name: 'Save to profile' }).click();
    await panel.getByRole('button', { name: 'Draw signature' }).click();
    await panel.getByRole('button', { name: 'Save signature' }).and(field.locator(':enabled')).waitFor();
    await drawSignature(field, panel.getByRole('img', { name: 'Drawing area for your signature' }));
    await panel.getByRole('button', { name: 'Save signature' }).click();
    await panel.waitFor({ state: 'detached' });
    await field.getByRole('button', { name: 'Save as completed' }).click();
    await field.waitForURL(certificatePage);
    const id = new URL(field.url()).pathname.split('/').at(-1) ?? '';

    // The office member's list names who made it.
    await office.goto('/certificates');
    const row = office.getByRole('listitem').filter({ has: office.getByRole('link', { name: address }) });
    await row.getByText('Made by Riley Field').waitFor();
    await office.getByRole('button', { name: 'Mine' }).waitFor();
    expect(await office.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Its PDF, fetched with the office member's session, prints the business and who issued it.
    const pdf = await fetch(`${session.baseUrl}/api/certificates/${id}/pdf`, {
      headers: { authorization: `Bearer ${await accessTokenOf(office)}` },
    });
    expect(pdf.status).toBe(200);
    const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-e2e-team-bar-'));
    try {
      const file = path.join(directory, 'certificate.pdf');
      await writeFile(file, Buffer.from(await pdf.arrayBuffer()));
      const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
      const text = stdout.replace(/\s+/g, ' ');
      expect(text).toContain(BUSINESS);
      expect(text).toContain(ABN);
      expect(text).toContain(`Issued by Riley Field for ${BUSINESS}`);
      expect(text).toContain(address);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
