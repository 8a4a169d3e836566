import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Certificate, issuerIncompleteMessage } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { readySwmsBody } from '../../apps/server/test/support/swms.ts';
import { createConfirmedAccount, fillSignInForm, GOOD_PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { useBrowser } from '../support/browser.ts';
import { certificatePage, fillJobDetails } from '../support/certificate-form.ts';
import { drawSignature, expectImageLoaded } from '../support/images.ts';
import { createMember, memberApi, signIn } from '../support/members.ts';

// The Bar: a phone's 375 px screen.
const session = useBrowser({ viewport: { width: 375, height: 740 } });
const url = (pathname: string) => `${session.baseUrl}${pathname}`;
const run = promisify(execFile);

describe('issuing needs an issuer', () => {
  it('names what the profile lacks before completing, takes it in place, and keeps everything typed', async () => {
    const { page } = session;
    const email = uniqueEmail('issuer');
    await createConfirmedAccount(email, GOOD_PASSWORD, { onboarded: false });
    await page.goto('/login');
    await fillSignInForm(page, email, GOOD_PASSWORD);
    await page.waitForURL(url('/onboarding'));
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await page.getByText('Step 2 of 4').waitFor();
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await page.getByText('Step 3 of 4').waitFor();
    await page.getByRole('button', { name: 'Skip this step' }).click();
    await page.getByRole('button', { name: 'Skip and finish' }).click();
    await page.waitForURL(url('/welcome'));

    await page.goto('/certificates/new');
    const address = '41 Wattle Grove, Katoomba NSW 2780';
    await fillJobDetails(page, address);
    await page.getByLabel('Additional info').fill('Flood test 24 h, no leaks.');

    // Before anything is sent, the form says who issues it is missing.
    const panel = page.getByRole('region', { name: 'Who issues this' });
    await panel.getByText('To issue it, add your company name, ABN, applicator name and signature.').waitFor();

    await page.getByRole('button', { name: 'Save as completed' }).click();
    await panel
      .getByRole('alert')
      .getByText(issuerIncompleteMessage(['company_name', 'company_abn', 'applicator_name', 'signature']))
      .waitFor();
    expect(page.url()).toBe(url('/certificates/new'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Added in place: an ABN that fails its check is refused first.
    await panel.getByLabel('Company name').fill('Blue Mountains Membranes');
    await panel.getByLabel('ABN', { exact: true }).fill('51 824 753 557');
    await panel.getByLabel('Applicator name').fill('Robin Ridge');
    await panel.getByRole('button', { name: 'Save to profile' }).click();
    await panel.getByText('This number fails the ABN check', { exact: false }).waitFor();
    await panel.getByLabel('ABN', { exact: true }).fill('51 824 753 556');
    await panel.getByRole('button', { name: 'Save to profile' }).click();
    await panel
      .getByRole('alert')
      .getByText(issuerIncompleteMessage(['signature']))
      .waitFor();

    await panel.getByRole('button', { name: 'Draw signature' }).click();
    const pad = panel.getByRole('img', { name: 'Drawing area for your signature' });
    await panel.getByRole('button', { name: 'Save signature' }).and(page.locator(':enabled')).waitFor();
    await drawSignature(page, pad);
    await panel.getByRole('button', { name: 'Save signature' }).click();
    await panel.waitFor({ state: 'detached' });

    // Everything typed is still there.
    expect(await page.getByLabel('Job site address').inputValue()).toBe(address);
    expect(await page.getByLabel('Additional info').inputValue()).toBe('Flood test 24 h, no leaks.');
    expect(await page.getByRole('checkbox', { name: 'AS 3740-2021' }).isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Save as completed' }).click();
    await page.waitForURL(certificatePage);
    const id = new URL(page.url()).pathname.split('/').at(-1) ?? '';

    // The share link's record and its PDF name the issuer.
    const certificate = (await (await fetch(url(`/api/certificates/${id}`))).json()) as Certificate;
    expect(certificate).toMatchObject({ status: 'completed', job_site_address: address });
    expect(certificate.applicator).toMatchObject({
      company_name: 'Blue Mountains Membranes',
      company_abn: '51824753556',
      applicator_name: 'Robin Ridge',
    });
    expect(certificate.applicator?.signature_url).toBeTruthy();
    await page.goto(`/certificates/${id}`);
    await expectImageLoaded(page.getByRole('img', { name: 'Signature of Robin Ridge' }));

    const pdf = await fetch(url(`/api/certificates/${id}/pdf`));
    expect(pdf.status).toBe(200);
    const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-e2e-issuer-'));
    try {
      const file = path.join(directory, 'certificate.pdf');
      await writeFile(file, Buffer.from(await pdf.arrayBuffer()));
      const { stdout: text } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
      expect(text).toContain('Blue Mountains Membranes');
      expect(text).toContain('51 824 753 556');
      expect(text).toContain('Robin Ridge');
      expect(text).toContain(address);
      expect(text).toContain('Flood test 24 h, no leaks.');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('shows a ready SWMS what its issue needs before sending, and the server refuses the send with the same words', async () => {
    const owner = await createMember('issuer-swms', { issuer: false });
    const created = await memberApi<{ id: string; revision: number }>(owner, 'POST', '/api/swms', {});
    const swms = await memberApi<{ id: string }>(owner, 'PUT', `/api/swms/${created.id}`, {
      revision: created.revision,
      body: { ...readySwmsBody(), title: 'Balcony membrane, Level 3' },
    });
    const { page } = session;
    await signIn(page, owner);
    await page.goto(`/swms/${swms.id}?section=review`);
    const panel = page.getByRole('region', { name: 'Who issues this' });
    await panel.getByText('To issue it, add your company name, ABN, applicator name and signature.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    session.allowConsoleErrors(/status of 422/);
    const signatures = page.getByRole('region', { name: 'Signatures' });
    const signer = signatures.getByRole('group', { name: 'Signer 1' });
    await signer.getByLabel('Name').fill('Sam Supervisor');
    await signer.getByLabel('Email').fill(uniqueEmail('supervisor'));
    await signatures.getByRole('button', { name: 'Send for signing' }).click();
    await page
      .getByText(issuerIncompleteMessage(['company_name', 'company_abn', 'applicator_name', 'signature']))
      .first()
      .waitFor();
  });
});
