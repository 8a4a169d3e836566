import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readySwmsBody } from '../../apps/server/test/support/swms.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { seriousViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { waitForSigningLink } from '../support/mail.ts';
import { createCompletedCertificate, createMember, type Member, memberApi, signIn } from '../support/members.ts';
import { gzippedKilobytes, recordScripts } from '../support/script-weight.ts';

/*
 * Three ways to sign (ADR 0052): a signer who cannot or would rather not draw types their name or
 * uploads a picture of their signature, by keyboard alone, on a phone; the signed PDF and its audit
 * trail say which way they signed.
 */

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const run = promisify(execFile);

async function phone(): Promise<Page> {
  const context = await session.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 740 });
  return page;
}

/** Sends the owner's certificate to one signer through the API; answers the mailed link. */
async function sendToSigner(owner: Member, certificateId: string, name: string): Promise<string> {
  const email = uniqueEmail('signer');
  const since = Date.now();
  await memberApi(owner, 'POST', `/api/signing/documents/certificate/${certificateId}/requests`, {
    signers: [{ name, email }],
  });
  return waitForSigningLink(email, { since });
}

/** What the focused element is called: its label's text, its own text, or its aria-label. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement as HTMLInputElement | null;
    if (!focused || focused === document.body) return '';
    const label = focused.labels?.[0]?.textContent ?? '';
    return (label || focused.getAttribute('aria-label') || focused.textContent || '').trim();
  });

/** The focused element's tag and text, e.g. "H2 Sign". */
const focusedTag = (page: Page) =>
  page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`);

/** Presses Tab until the focused control is called `name` (at most 60 times). */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let presses = 0; presses < 60; presses++) {
    if ((await focusedName(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${name}"`);
}

/** The signed PDF of a document's version 1, as its owner downloads it, saved for poppler's tools. */
async function withSignedPdf<T>(
  owner: Member,
  document: { kind: 'certificate' | 'swms'; id: string },
  use: (file: string) => Promise<T>,
): Promise<T> {
  const response = await fetch(
    `${session.baseUrl}/api/signing/documents/${document.kind}/${document.id}/signed-pdf?version=1`,
    { headers: { authorization: `Bearer ${owner.accessToken}` } },
  );
  expect(response.status).toBe(200);
  const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-e2e-methods-'));
  try {
    const file = path.join(directory, 'signed.pdf');
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    return await use(file);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The text of one page, whitespace collapsed. */
async function pageText(file: string, page: number): Promise<string> {
  const { stdout } = await run('pdftotext', ['-raw', '-enc', 'UTF-8', '-f', `${page}`, '-l', `${page}`, file, '-']);
  return stdout.replace(/\s+/g, ' ');
}

/** The signature certificate's first page and the images on it (pdfimages -list: width and height). */
async function signatureCertificateOf(file: string) {
  const { stdout: info } = await run('pdfinfo', [file]);
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
  let first = 0;
  for (let page = 1; page <= pages && !first; page++) {
    if ((await pageText(file, page)).startsWith('Signature certificate')) first = page;
  }
  expect(first).toBeGreaterThan(0);
  let text = '';
  for (let page = first; page <= pages; page++) text += ` ${await pageText(file, page)}`;
  const { stdout: list } = await run('pdfimages', ['-list', '-f', `${first}`, '-l', `${first}`, file]);
  const images = list
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns[2] === 'image')
    .map((columns) => ({ width: Number(columns[3]), height: Number(columns[4]) }));
  return { text, images };
}

describe('three ways to sign', () => {
  it('signs by typing the name, with the keyboard alone, on a phone; the signed PDF says "typed"', async () => {
    const owner = await createMember('typed-owner', { profile: { company_name: 'Dry Right Waterproofing' } });
    const certificate = await createCompletedCertificate(owner, '7 Wharf St, Fremantle WA 6160');
    const link = await sendToSigner(owner, certificate.id, 'Alex Builder');

    const signer = await phone();
    const scripts = recordScripts(signer);
    await signer.goto(link);
    await signer.getByRole('heading', { level: 1, name: 'Sign document' }).waitFor();
    await tabTo(signer, 'Sign');
    await signer.keyboard.press('Enter');
    // The swapped-in view's heading takes the focus; Cancel hands it back to "Sign".
    await expect.poll(() => focusedTag(signer)).toBe('H2 Sign');
    await tabTo(signer, 'Cancel');
    await signer.keyboard.press('Enter');
    await expect.poll(() => focusedTag(signer)).toBe('BUTTON Sign');
    await signer.keyboard.press('Enter');
    await expect.poll(() => focusedTag(signer)).toBe('H2 Sign');
    await tabTo(signer, 'Your full name');
    expect(await signer.getByLabel('Your full name').inputValue()).toBe('Alex Builder');
    await signer.keyboard.press('End');
    await signer.keyboard.type(' Jones');
    await tabTo(signer, 'I have read and understood this document');
    await signer.keyboard.press('Space');
    // The choice is a radio group: Tab reaches the chosen one (Draw), the arrows choose another.
    await tabTo(signer, 'Draw');
    await signer.keyboard.press('ArrowRight');
    expect(await focusedName(signer)).toBe('Type');
    expect(await signer.getByRole('radio', { name: 'Type' }).isChecked()).toBe(true);
    // The typed signature follows the name, set in the handwriting font, and can be changed here.
    const typed = signer.getByLabel('Your signature, typed');
    await typed.waitFor();
    expect(await typed.inputValue()).toBe('Alex Builder Jones');
    await signer.getByRole('img', { name: 'Preview of your typed signature: Alex Builder Jones' }).waitFor();
    await expect
      .poll(() =>
        signer.evaluate(() => [...document.fonts].some((font) => font.family.includes('TradeCert Signature'))),
      )
      .toBe(true);
    await tabTo(signer, 'Your signature, typed');
    await signer.keyboard.press('ControlOrMeta+A');
    await signer.keyboard.type('Alex Builder');
    await signer.getByRole('img', { name: 'Preview of your typed signature: Alex Builder' }).waitFor();
    expect(await seriousViolations(signer)).toEqual([]);
    // A missing name is found on "Sign document": the focus goes to the field, which says why.
    await tabTo(signer, 'Your full name');
    await signer.keyboard.press('ControlOrMeta+A');
    await signer.keyboard.press('Backspace');
    await tabTo(signer, 'Sign document');
    await signer.keyboard.press('Enter');
    await expect.poll(() => focusedName(signer)).toBe('Your full name');
    expect(await signer.getByLabel('Your full name').getAttribute('aria-invalid')).toBe('true');
    await signer.getByText('Type your name.').waitFor();
    await signer.keyboard.type('Alex Builder Jones');
    await tabTo(signer, 'Sign document');
    await signer.keyboard.press('Enter');
    await signer.getByRole('heading', { level: 1, name: 'Thank you for signing' }).waitFor();
    expect(await signer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
    // The font and the typing code came when "Type" was chosen, not with the page.
    expect(scripts.some((script) => script.includes('SignatureAlternatives'))).toBe(true);
    const { text, images } = await withSignedPdf(
      owner,
      { kind: 'certificate', id: certificate.id },
      signatureCertificateOf,
    );
    expect(text).toMatch(/Alex Builder Jones: signed .*Signature: typed/);
    expect(text).toContain('signed (typed)');
    // The typed signature is an image on the certificate, bounded like a drawing.
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.width).toBeLessThanOrEqual(600);
      expect(image.height).toBeLessThanOrEqual(200);
    }
    // PRODUCT.md, Budgets: the signing flow, with the way to sign chosen, stays within its budget.
    expect(
      await gzippedKilobytes(scripts.filter((script) => !script.includes('SignatureAlternatives'))),
    ).toBeLessThanOrEqual(115);
    // The owner's signing panel says how it was signed, as the PDF does.
    await signIn(session.page, owner);
    await session.page.goto(`/certificates/${certificate.id}`);
    const panel = session.page.getByRole('region', { name: 'Signatures' });
    await panel.getByText('Signature: typed').waitFor();
  });

  it('signs with an uploaded picture of the signature, chosen from the keyboard; it is kept as ink', async () => {
    const owner = await createMember('upload-owner', { profile: { company_name: 'Dry Right Waterproofing' } });
    const certificate = await createCompletedCertificate(owner, '9 Mill Lane, Ballarat VIC 3350');
    const link = await sendToSigner(owner, certificate.id, 'Uma Uploader');
    // A phone photo of a signature on paper: off-white ground, blue ink, far larger than the box.
    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#f1ede4' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="2400" height="1200"><path d="M150 900 C 700 100, 1300 100, 2250 700" stroke="#1d3f8f" stroke-width="36" fill="none"/></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();

    const signer = await phone();
    await signer.goto(link);
    await signer.getByRole('heading', { level: 1, name: 'Sign document' }).waitFor();
    await tabTo(signer, 'Sign');
    await signer.keyboard.press('Enter');
    await tabTo(signer, 'I have read and understood this document');
    await signer.keyboard.press('Space');
    await tabTo(signer, 'Draw');
    await signer.keyboard.press('ArrowLeft');
    expect(await signer.getByRole('radio', { name: 'Upload' }).isChecked()).toBe(true);
    const file = signer.getByLabel('Picture of your signature');
    await file.waitFor();
    await tabTo(signer, 'Picture of your signature');
    // The phone's file picker is the system's; the file it hands back is what the page receives.
    await file.setInputFiles({ name: 'signature.jpg', mimeType: 'image/jpeg', buffer: photo });
    await signer.getByRole('img', { name: 'Preview of your uploaded signature' }).waitFor();
    // A file that is not an image is refused on the phone, in words, and the preview goes.
    await file.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
    await signer.getByText('This file could not be read as an image.', { exact: false }).waitFor();
    await file.setInputFiles({ name: 'signature.jpg', mimeType: 'image/jpeg', buffer: photo });
    await signer.getByRole('img', { name: 'Preview of your uploaded signature' }).waitFor();
    expect(await seriousViolations(signer)).toEqual([]);
    await tabTo(signer, 'Sign document');
    await signer.keyboard.press('Enter');
    await signer.getByRole('heading', { level: 1, name: 'Thank you for signing' }).waitFor();

    const { text, images } = await withSignedPdf(
      owner,
      { kind: 'certificate', id: certificate.id },
      signatureCertificateOf,
    );
    expect(text).toMatch(/Uma Uploader: signed .*Signature: uploaded/);
    expect(text).toContain('signed (uploaded)');
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.width).toBeLessThanOrEqual(600);
      expect(image.height).toBeLessThanOrEqual(200);
    }
  });

  it("signs on to a SWMS by the crew's QR code by typing, with the keyboard alone", async () => {
    const owner = await createMember('crew-owner', { profile: { company_name: 'Dry Right Waterproofing' } });
    const created = await memberApi<{ id: string; revision: number }>(owner, 'POST', '/api/swms', {});
    const swms = await memberApi<{ id: string }>(owner, 'PUT', `/api/swms/${created.id}`, {
      revision: created.revision,
      body: readySwmsBody(),
    });
    const site = await memberApi<{ url: string }>(
      owner,
      'POST',
      `/api/signing/documents/swms/${swms.id}/site-sign-on`,
      {},
    );

    const worker = await phone();
    await worker.goto(new URL(site.url).pathname);
    await worker.getByRole('heading', { level: 1, name: 'Sign on to this SWMS' }).waitFor();
    await tabTo(worker, 'Sign');
    await worker.keyboard.press('Enter');
    await tabTo(worker, 'Your full name');
    await worker.keyboard.type('Gus Gloves');
    await tabTo(worker, 'Company');
    await worker.keyboard.type('Tile Co');
    await tabTo(worker, 'I have read and understood this document');
    await worker.keyboard.press('Space');
    await tabTo(worker, 'Draw');
    await worker.keyboard.press('ArrowRight');
    await worker.getByRole('img', { name: 'Preview of your typed signature: Gus Gloves' }).waitFor();
    await worker.getByRole('button', { name: 'Sign document' }).and(worker.locator(':enabled')).waitFor();
    await tabTo(worker, 'Sign document');
    await worker.keyboard.press('Enter');
    await worker.getByRole('heading', { level: 1, name: 'Thank you for signing' }).waitFor();

    const text = await withSignedPdf(owner, { kind: 'swms', id: swms.id }, async (file) => {
      const { stdout } = await run('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-']);
      return stdout.replace(/\s+/g, ' ');
    });
    expect(text).toMatch(/Worker sign-on register.*Gus Gloves.*Tile Co/);
    expect(text).toMatch(/Gus Gloves: signed .*Signature: typed/);
    expect(text).toContain('signed (typed)');
  });
});
