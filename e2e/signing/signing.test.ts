import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Download, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readySwmsBody } from '../../apps/server/test/support/swms.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';
import { expectImageLoaded } from '../support/images.ts';
import { waitForMail, waitForSentLink, waitForSigningLink } from '../support/mail.ts';
import {
  createCompletedCertificate,
  createMember,
  memberApi,
  signIn,
  toastTitled,
  uploadCertificatePhoto,
} from '../support/members.ts';
import { gzippedKilobytes, recordScripts } from '../support/script-weight.ts';

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const run = promisify(execFile);

/** Strokes as a finger makes them: touch events through Chrome's input domain, not the mouse. */
async function drawWithFinger(page: Page, canvas: Locator): Promise<void> {
  // Touches land at viewport coordinates: the box must be on screen (the site form is longer).
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the drawing area is not on screen');
  const cdp = await page.context().newCDPSession(page);
  const at = (x: number, y: number) => ({ x: box.x + box.width * x, y: box.y + box.height * y });
  const strokes = [
    [at(0.1, 0.6), at(0.2, 0.3), at(0.3, 0.7), at(0.4, 0.35), at(0.5, 0.65)],
    [at(0.55, 0.5), at(0.7, 0.4), at(0.85, 0.6), at(0.9, 0.45)],
  ];
  for (const [start, ...rest] of strokes) {
    if (!start) continue;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
    for (const point of rest) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  await cdp.detach();
}

/** The text of a downloaded PDF, through pdftotext, whitespace collapsed. */
async function downloadedPdfText(download: Download): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-e2e-signed-'));
  try {
    const file = path.join(directory, 'signed.pdf');
    await download.saveAs(file);
    const { stdout } = await run('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-']);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Fills the signing panel's send form with `signers` and sends; answers when the send began. */
async function sendForSigning(page: Page, panel: Locator, signers: { name: string; email: string; role?: string }[]) {
  for (const [index, signer] of signers.entries()) {
    if (index > 0) await panel.getByRole('button', { name: 'Add another signer' }).click();
    const group = panel.getByRole('group', { name: `Signer ${index + 1}` });
    await group.getByLabel('Name').fill(signer.name);
    await group.getByLabel('Email').fill(signer.email);
    if (signer.role) await group.getByLabel('Role (optional)').fill(signer.role);
  }
  const since = Date.now();
  await panel.getByRole('button', { name: 'Send for signing' }).click();
  await toastTitled(page, 'Sent for signing').waitFor();
  await expect.poll(() => panel.getByText('Pending', { exact: true }).count()).toBe(signers.length);
  return since;
}

/** Signs an open link's page as a signer does on a phone: name, (company,) declaration, finger strokes. */
async function signOnPhone(signer: Page, options: { name?: string; company?: string } = {}) {
  await signer.getByRole('button', { name: 'Sign', exact: true }).click();
  if (options.name) await signer.getByLabel('Your full name').fill(options.name);
  if (options.company) await signer.getByLabel('Company').fill(options.company);
  await drawWithFinger(signer, signer.getByRole('img', { name: 'Drawing area for your signature' }));
  await signer.getByLabel('I have read and understood this document').check();
  await signer.getByRole('button', { name: 'Sign document' }).click();
  await signer.getByRole('heading', { level: 1, name: 'Thank you for signing' }).waitFor();
}

/** Declines an open link's page with `reason`. */
async function declineOnPhone(decliner: Page, reason: string) {
  await decliner.getByRole('button', { name: 'Decline' }).click();
  await decliner.getByLabel('Why do you decline to sign?').fill(reason);
  await decliner.getByRole('button', { name: 'Decline to sign' }).click();
  await decliner.getByRole('heading', { level: 1, name: 'You declined to sign' }).waitFor();
}

async function phone() {
  const context = await session.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 740 });
  return page;
}

describe('signing by link', () => {
  it('sends a completed certificate to two signers: one signs on a phone, one declines; the signed PDF says so', async () => {
    const owner = await createMember('signing-owner', {
      profile: { company_name: 'Dry Right Waterproofing', applicator_name: 'Robin Applicator' },
    });
    const photo = await uploadCertificatePhoto(owner);
    const certificate = await memberApi<{ id: string }>(owner, 'POST', '/api/certificates', {
      user_id: owner.userId,
      standards: ['AS 3740-2021'],
      job_site_address: '14 Jetty Rd, Glenelg SA 5045',
      installation_date: '2026-11-20',
      areas: 'Ensuite: shower recess and floor',
      materials_used: 'Ardex WPM 300',
      photos: [{ file_id: photo, caption: 'Shower recess, second coat' }],
      status: 'completed',
    });
    const signerEmail = uniqueEmail('builder');
    const declinerEmail = uniqueEmail('certifier');
    const { page } = session;
    await signIn(page, owner);
    await page.goto(`/certificates/${certificate.id}`);

    const panel = page.getByRole('region', { name: 'Signatures' });
    await panel.getByText('Not sent for signing yet.').waitFor();
    const since = await sendForSigning(page, panel, [
      { name: 'Alex Builder', email: signerEmail, role: 'Builder' },
      { name: 'Blair Certifier', email: declinerEmail },
    ]);

    const signLink = await waitForSigningLink(signerEmail, { since });
    const declineLink = await waitForSigningLink(declinerEmail, { since });
    expect(signLink).not.toBe(declineLink);

    // The signer: a fresh phone, no account.
    const signer = await phone();
    const scripts = recordScripts(signer);
    await signer.goto(signLink);
    await signer.getByRole('heading', { level: 1, name: 'Sign document' }).waitFor();
    await signer.getByText('From Dry Right Waterproofing').waitFor();
    await signer.getByText('Robin Applicator', { exact: false }).waitFor();
    // The signer reads the document itself before signing: the job's address and its photos.
    const job = signer.getByRole('region', { name: 'Job' });
    await job.getByText('14 Jetty Rd, Glenelg SA 5045').waitFor();
    await job.getByText('20 November 2026').waitFor();
    await expectImageLoaded(signer.getByRole('img', { name: 'Shower recess, second coat' }));
    const fingerprint = (await signer.locator('.font-mono').first().textContent())?.trim() ?? '';
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(await signer.getByRole('link', { name: 'Read the PDF' }).getAttribute('href')).toBe(`/api${signLink}/pdf`);
    expect(await signer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
    await signer.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect.poll(() => signer.getByLabel('Your full name').inputValue()).toBe('Alex Builder');
    // What is missing is said in form order: the declaration above the box, then the drawing.
    await signer.getByRole('button', { name: 'Sign document' }).click();
    await signer.getByText('Tick the box to confirm you have read and understood the document.').waitFor();
    await signer.getByLabel('I have read and understood this document').check();
    await signer.getByRole('button', { name: 'Sign document' }).click();
    await signer.getByText('Draw your signature in the box first, or choose Type or Upload above.').waitFor();
    await drawWithFinger(signer, signer.getByRole('img', { name: 'Drawing area for your signature' }));
    await signer.getByRole('button', { name: 'Sign document' }).click();
    await signer.getByRole('heading', { level: 1, name: 'Thank you for signing' }).waitFor();
    expect(await signer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
    // PRODUCT.md, Budgets: the signing page's whole flow loads at most 115 KB of gzipped JavaScript.
    expect(await gzippedKilobytes(scripts)).toBeLessThanOrEqual(115);
    // The signer's own copy, at once (ADR 0068): what they signed, with no other signer's email.
    const copyStarted = signer.waitForEvent('download');
    await signer.getByRole('link', { name: 'Download your copy' }).click();
    const copy = await downloadedPdfText(await copyStarted);
    expect(copy).toContain('14 Jetty Rd, Glenelg SA 5045');
    expect(copy).toContain('Signature certificate');
    expect(copy).toContain('Alex Builder: signed');
    expect(copy).toContain(signerEmail);
    expect(copy).toContain('Blair Certifier');
    expect(copy).not.toContain(declinerEmail);
    await signer.goto(signLink);
    await signer.getByRole('heading', { level: 1, name: 'Already signed' }).waitFor();
    await signer.getByText(/^You signed this on \d{1,2} \w{3} \d{4}\.$/).waitFor();

    // The other declines, with a reason.
    const decliner = await phone();
    await decliner.goto(declineLink);
    await declineOnPhone(decliner, 'The installation date is a day out.');

    // The owner sees both outcomes, and files the signed PDF.
    await page.reload();
    await panel.getByText('Signed', { exact: true }).waitFor();
    await panel.getByText('Declined', { exact: true }).waitFor();
    await panel.getByText('Reason: The installation date is a day out.').waitFor();
    const downloadStarted = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download signed PDF (version 1)' }).click();
    const download = await downloadStarted;
    const text = await downloadedPdfText(download);
    expect(text).toContain('14 Jetty Rd, Glenelg SA 5045');
    expect(text).toContain('Signature certificate');
    expect(text).toContain('Alex Builder');
    expect(text).toContain('Blair Certifier');
    // The owner's copy keeps every signer's email.
    expect(text).toContain(signerEmail);
    expect(text).toContain(declinerEmail);
    expect(text).toContain('The installation date is a day out.');
    expect(text).toContain(`Fingerprint when sent: ${fingerprint}`);
    expect(text).toContain(`Fingerprint when signed: ${fingerprint}`);
  });

  it('mails the owner when a signer signs, and sends the certificate to the builder: "Sent to", then "Opened"', async () => {
    const owner = await createMember('notify-owner', { profile: { company_name: 'Dry Right Waterproofing' } });
    const certificate = await createCompletedCertificate(owner, '3 Beach Rd, Hampton VIC 3188');
    const builderEmail = uniqueEmail('site-manager');
    const { page } = session;
    await signIn(page, owner);
    await page.goto(`/certificates/${certificate.id}`);
    const panel = page.getByRole('region', { name: 'Signatures' });
    await panel.getByText('Not sent for signing yet.').waitFor();
    const signerEmail = uniqueEmail('signer');
    const since = await sendForSigning(page, panel, [
      { name: 'Alex Builder', email: signerEmail },
      { name: 'Blair Certifier', email: uniqueEmail('certifier') },
    ]);
    const signer = await phone();
    await signer.goto(await waitForSigningLink(signerEmail, { since }));
    await signOnPhone(signer);
    // The owner is told: one of two has signed.
    const news = await waitForMail(owner.email, 'Alex Builder signed', { since });
    expect(news).toContain(`/certificates/${certificate.id}`);

    // Send to the builder: the form keeps what was typed when a send is refused.
    session.allowConsoleErrors(/status of 400/);
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await panel.getByLabel('Their email').fill('not-an-address');
    await panel.getByLabel('Their name or company').fill('Acme Builders');
    // A free account is not offered a personal message (the server would refuse it): the form says so.
    await panel.getByText('Adding a personal message is part of Premium.').waitFor();
    expect(await panel.getByLabel('Message (optional)').count()).toBe(0);
    await panel.getByRole('button', { name: 'Send the document' }).click();
    await panel.getByRole('alert').first().waitFor();
    expect(await panel.getByLabel('Their name or company').inputValue()).toBe('Acme Builders');
    const sentSince = Date.now();
    await panel.getByLabel('Their email').fill(builderEmail);
    await panel.getByRole('button', { name: 'Send the document' }).click();
    await toastTitled(page, 'Sent').waitFor();
    await panel.getByText(/^Sent to Acme Builders \(/).waitFor();
    await panel.getByText('Not opened yet').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // The builder opens their link: the certificate's public page of that version; the owner sees it opened.
    const builder = await phone();
    await builder.goto(await waitForSentLink(builderEmail, { since: sentSince }));
    await builder.waitForURL(`**/certificates/${certificate.id}?version=1`);
    await page.reload();
    await panel.getByText(/^Opened on /).waitFor();
  });

  it('sends a SWMS to two signers and its crew signs on by QR: the owner sees all three, the signed PDF lists them', async () => {
    const owner = await createMember('swms-signing-owner', { profile: { company_name: 'Dry Right Waterproofing' } });
    const created = await memberApi<{ id: string; revision: number }>(owner, 'POST', '/api/swms', {});
    const swms = await memberApi<{ id: string; fingerprint: string }>(owner, 'PUT', `/api/swms/${created.id}`, {
      revision: created.revision,
      body: { ...readySwmsBody(), title: 'Balcony membrane, Level 3' },
    });
    const signerEmail = uniqueEmail('supervisor');
    const declinerEmail = uniqueEmail('site-manager');
    const { page } = session;
    await signIn(page, owner);
    await page.goto(`/swms/${swms.id}?section=review`);
    const panel = page.getByRole('region', { name: 'Signatures' });
    await panel.getByText('Not sent for signing yet.').waitFor();
    // One "Send for signing": the panel's own.
    expect(await page.getByRole('heading', { name: 'Send for signing' }).count()).toBe(1);
    const since = await sendForSigning(page, panel, [
      { name: 'Sam Supervisor', email: signerEmail },
      { name: 'Morgan Manager', email: declinerEmail },
    ]);
    await panel.getByRole('button', { name: 'Show sign-on QR code' }).click();
    await panel.getByRole('img', { name: 'QR code for signing on to version 1' }).waitFor();
    const siteUrl = (await panel.getByText(/\/sign\//).textContent()) ?? '';
    const siteLink = new URL(siteUrl).pathname;
    // The same code on an A4 poster for the site's wall: title, site, the link as text.
    const boardStarted = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download site board' }).click();
    const board = await downloadedPdfText(await boardStarted);
    expect(board).toContain('Balcony membrane, Level 3');
    expect(board).toContain(siteUrl);
    expect(board).toContain('Scan the QR code');

    const signer = await phone();
    await signer.goto(await waitForSigningLink(signerEmail, { since }));
    await signer.getByText('Balcony membrane, Level 3').first().waitFor();
    // The steps, with their ratings in words (colour is not the only sign).
    const steps = signer.getByRole('region', { name: 'Job steps, hazards, risks and controls' });
    await steps.getByText('Step 1: Grind the screed high spots').waitFor();
    await steps.getByText('Hazards: Silica dust from grinding').waitFor();
    await steps.getByText('Extreme risk (likelihood likely, consequence major)').waitFor();
    await steps.getByText('Medium risk (likelihood unlikely, consequence moderate)').waitFor();
    await steps.getByText('Engineering: Shrouded grinder with M-class extraction').waitFor();
    expect(await signer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
    await signOnPhone(signer);

    const decliner = await phone();
    await decliner.goto(await waitForSigningLink(declinerEmail, { since }));
    await declineOnPhone(decliner, 'Step 1 needs the ladder controls.');

    const worker = await phone();
    await worker.goto(siteLink);
    await signOnPhone(worker, { name: 'Jo Tiler', company: 'Tile Crew Pty Ltd' });

    await page.reload();
    await expect.poll(() => panel.getByText('Signed', { exact: true }).count()).toBe(2);
    await panel.getByText('Signed on site').waitFor();
    await panel.getByText('Declined', { exact: true }).waitFor();
    await panel.getByText('Reason: Step 1 needs the ladder controls.').waitFor();
    const downloadStarted = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download signed PDF (version 1)' }).click();
    const text = await downloadedPdfText(await downloadStarted);
    expect(text).toMatch(/Worker sign-on register.*Sam Supervisor.*Signature certificate/);
    expect(text).toMatch(/Worker sign-on register.*Jo Tiler.*Tile Crew Pty Ltd.*Signature certificate/);
    expect(text).toContain('Morgan Manager');
    expect(text).toContain('Step 1 needs the ladder controls.');
    expect(text).toContain(`Fingerprint when sent: ${swms.fingerprint}`);
    expect(text).toContain(`Fingerprint when signed: ${swms.fingerprint}`);

    // The QR code on the printed SWMS: the record names who signed version 1, and no more of them.
    const builder = await phone();
    await builder.goto(`/verify/swms/${swms.id}/1`);
    await builder.getByText('Genuine, current version').waitFor();
    await builder.getByText(/^Sam Supervisor · signed \d{1,2} \w+ \d{4}$/).waitFor();
    await builder.getByText(/^Jo Tiler, Tile Crew Pty Ltd · signed \d{1,2} \w+ \d{4}$/).waitFor();
    expect(await builder.getByText('Morgan Manager').count()).toBe(0);
    expect(await builder.getByText(signerEmail).count()).toBe(0);
  });

  it('caps a crew QR code, sets a junk sign-on aside and withdraws the code, on a phone', async () => {
    const owner = await createMember('qr-cap-owner', { profile: { company_name: 'Dry Right Waterproofing' } });
    const created = await memberApi<{ id: string; revision: number }>(owner, 'POST', '/api/swms', {});
    const swms = await memberApi<{ id: string }>(owner, 'PUT', `/api/swms/${created.id}`, {
      revision: created.revision,
      body: { ...readySwmsBody(), title: 'Shower re-sheet, Unit 4' },
    });
    const owners = await phone();
    await signIn(owners, owner);
    await owners.goto(`/swms/${swms.id}?section=review`);
    const panel = owners.getByRole('region', { name: 'Signatures' });
    await panel.getByLabel('Most sign-ons on this QR code').fill('2');
    await panel.getByRole('button', { name: 'Show sign-on QR code' }).click();
    await panel.getByText('0 of 2 signed on').waitFor();
    const siteLink = new URL((await panel.getByText(/\/sign\//).textContent()) ?? '').pathname;

    for (const [name, company] of [
      ['Jo Tiler', 'Tile Crew Pty Ltd'],
      ['Not A Worker', 'Nobody'],
    ] as const) {
      const worker = await phone();
      await worker.goto(siteLink);
      await signOnPhone(worker, { name, company });
    }
    await owners.reload();
    await panel.getByText('2 of 2 signed on').waitFor();
    await panel.getByText('This QR code is full.', { exact: false }).waitFor();
    const third = await phone();
    await third.goto(siteLink);
    await third.getByRole('heading', { name: 'This sign-on sheet is full' }).waitFor();

    await panel.getByRole('button', { name: 'Set aside the sign-on of Not A Worker' }).click();
    await panel.getByRole('button', { name: 'Set aside Not A Worker' }).click();
    await toastTitled(owners, 'Sign-on set aside').waitFor();
    await panel.getByText('1 of 2 signed on').waitFor();
    await panel.getByText("not on the register or the signed PDF's register", { exact: false }).waitFor();

    await panel.getByRole('button', { name: 'Withdraw QR code' }).click();
    await panel.getByRole('button', { name: 'Show sign-on QR code' }).waitFor();
    const late = await phone();
    await late.goto(siteLink);
    await late.getByRole('heading', { name: 'This sign-on code no longer works' }).waitFor();
  });

  it('shows a clear page for a link that is not valid', async () => {
    const { page } = session;
    session.allowConsoleErrors(/404/);
    await page.goto('/sign/not-a-real-token-at-all');
    await page.getByRole('heading', { level: 1, name: 'This link is not valid' }).waitFor();
  });
});
