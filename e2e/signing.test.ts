import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from './support/accounts.ts';
import { useBrowser } from './support/browser.ts';
import { waitForSigningLink } from './support/mail.ts';
import { createCompletedCertificate, createMember, signIn, toastTitled } from './support/members.ts';
import { gzippedKilobytes, recordScripts } from './support/script-weight.ts';

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const run = promisify(execFile);

/** Strokes as a finger makes them: touch events through Chrome's input domain, not the mouse. */
async function drawWithFinger(page: Page, canvas: Locator): Promise<void> {
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

async function phone() {
  const context = await session.newContext();
  const page = await context.newPage();
  await page.setViewportSize({ width: 375, height: 740 });
  return page;
}

describe('signing by link', () => {
  it('sends a completed certificate to two signers: one signs on a phone, one declines; the signed PDF says so', async () => {
    const owner = await createMember('signing-owner', { profile: { company_name: 'Dry Right Waterproofing' } });
    const certificate = await createCompletedCertificate(owner, '14 Jetty Rd, Glenelg SA 5045');
    const signerEmail = uniqueEmail('builder');
    const declinerEmail = uniqueEmail('certifier');
    const { page } = session;
    await signIn(page, owner);
    await page.goto(`/certificates/${certificate.id}`);

    const panel = page.getByRole('region', { name: 'Signatures' });
    await panel.getByText('Not sent for signing yet.').waitFor();
    const since = Date.now();
    await panel.getByRole('group', { name: 'Signer 1' }).getByLabel('Name').fill('Alex Builder');
    await panel.getByRole('group', { name: 'Signer 1' }).getByLabel('Email').fill(signerEmail);
    await panel.getByRole('group', { name: 'Signer 1' }).getByLabel('Role (optional)').fill('Builder');
    await panel.getByRole('button', { name: 'Add another signer' }).click();
    await panel.getByRole('group', { name: 'Signer 2' }).getByLabel('Name').fill('Blair Certifier');
    await panel.getByRole('group', { name: 'Signer 2' }).getByLabel('Email').fill(declinerEmail);
    await panel.getByRole('button', { name: 'Send for signing' }).click();
    await toastTitled(page, 'Sent for signing').waitFor();
    await expect.poll(() => panel.getByText('Pending', { exact: true }).count()).toBe(2);

    const signLink = await waitForSigningLink(signerEmail, { since });
    const declineLink = await waitForSigningLink(declinerEmail, { since });
    expect(signLink).not.toBe(declineLink);

    // The signer: a fresh phone, no account.
    const signer = await phone();
    const scripts = recordScripts(signer);
    await signer.goto(signLink);
    await signer.getByRole('heading', { level: 1, name: 'Sign document' }).waitFor();
    await signer.getByText('From Dry Right Waterproofing').waitFor();
    const fingerprint = (await signer.locator('.font-mono').first().textContent())?.trim() ?? '';
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(await signer.getByRole('link', { name: 'Read the document (PDF)' }).getAttribute('href')).toBe(
      `/api${signLink}/pdf`,
    );
    await signer.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect.poll(() => signer.getByLabel('Your full name').inputValue()).toBe('Alex Builder');
    await signer.getByRole('button', { name: 'Sign document' }).click();
    await signer.getByText('Draw your signature in the box first.').waitFor();
    await drawWithFinger(signer, signer.getByRole('img', { name: 'Drawing area for your signature' }));
    await signer.getByRole('button', { name: 'Sign document' }).click();
    await signer.getByText('Tick the box to confirm you have read and understood the document.').waitFor();
    await signer.getByLabel('I have read and understood this document').check();
    await signer.getByRole('button', { name: 'Sign document' }).click();
    await signer.getByRole('heading', { level: 1, name: 'Thank you for signing' }).waitFor();
    expect(await signer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
      0,
    );
    // PRODUCT.md, Budgets: a public page loads at most 130 KB of gzipped JavaScript.
    expect(await gzippedKilobytes(scripts)).toBeLessThanOrEqual(130);
    await signer.goto(signLink);
    await signer.getByRole('heading', { level: 1, name: 'Already signed' }).waitFor();
    await signer.getByText(/^You signed this on \d{1,2} \w{3} \d{4}\.$/).waitFor();

    // The other declines, with a reason.
    const decliner = await phone();
    await decliner.goto(declineLink);
    await decliner.getByRole('button', { name: 'Decline' }).click();
    await decliner.getByLabel('Why do you decline to sign?').fill('The installation date is a day out.');
    await decliner.getByRole('button', { name: 'Decline to sign' }).click();
    await decliner.getByRole('heading', { level: 1, name: 'You declined to sign' }).waitFor();

    // The owner sees both outcomes, and files the signed PDF.
    await page.reload();
    await panel.getByText('Signed', { exact: true }).waitFor();
    await panel.getByText('Declined', { exact: true }).waitFor();
    await panel.getByText('Reason: The installation date is a day out.').waitFor();
    const downloadStarted = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download signed PDF (version 1)' }).click();
    const download = await downloadStarted;
    const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-e2e-signed-'));
    try {
      const file = path.join(directory, 'signed.pdf');
      await download.saveAs(file);
      const { stdout } = await run('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-']);
      const text = stdout.replace(/\s+/g, ' ');
      expect(text).toContain('14 Jetty Rd, Glenelg SA 5045');
      expect(text).toContain('Signature certificate');
      expect(text).toContain('Alex Builder');
      expect(text).toContain('Blair Certifier');
      expect(text).toContain('The installation date is a day out.');
      expect(text).toContain(`Fingerprint when sent: ${fingerprint}`);
      expect(text).toContain(`Fingerprint when signed: ${fingerprint}`);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('shows a clear page for a link that is not valid', async () => {
    const { page } = session;
    session.allowConsoleErrors(/404/);
    await page.goto('/sign/not-a-real-token-at-all');
    await page.getByRole('heading', { level: 1, name: 'This link is not valid' }).waitFor();
  });
});
