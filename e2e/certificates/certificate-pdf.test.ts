import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { createCompletedCertificate, createMember } from '../support/members.ts';

const session = useBrowser({ viewport: { width: 375, height: 740 } });
const run = promisify(execFile);

describe('certificate PDF', () => {
  it('downloads from the share page in a fresh browser with no session', async () => {
    const member = await createMember('pdf-share', {
      profile: { company_name: 'Zoë Ng-Đặng Waterproofing', applicator_name: 'Zoë Ng-Đặng' },
    });
    const certificate = await createCompletedCertificate(member, '9 Banksia Way, Bowral NSW 2576');
    const { page } = session;

    await page.goto(`/certificates/${certificate.id}`);
    await page.getByRole('heading', { level: 1, name: 'Certificate of compliance' }).waitFor();
    const fingerprint = (await page.locator('.font-mono').first().textContent())?.trim() ?? '';
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);

    const downloadStarted = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    await page.waitForURL(`${session.baseUrl}/certificates/${certificate.id}/download`);
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe(`${certificate.certificate_number}.pdf`);
    await page.getByText('Your download has started.').waitFor();

    const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-e2e-pdf-'));
    try {
      const file = path.join(directory, 'certificate.pdf');
      await download.saveAs(file);
      expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
      const { stdout: text } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
      expect(text).toContain('9 Banksia Way, Bowral NSW 2576');
      expect(text).toContain(certificate.certificate_number);
      expect(text).toContain('Zoë Ng-Đặng Waterproofing');
      expect(text).toContain(fingerprint);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('tells a visitor when there is no certificate to download', async () => {
    session.allowConsoleErrors(/status of 404/);
    const { page } = session;
    await page.goto(`/certificates/${crypto.randomUUID()}/download`);
    await page.getByRole('heading', { level: 1, name: 'Certificate not found' }).waitFor();
  });
});
