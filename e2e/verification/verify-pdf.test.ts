import { describe, expect, it } from 'vitest';
import { useBrowser } from '../support/browser.ts';
import { createCompletedCertificate, createMember } from '../support/members.ts';
import { gzippedKilobytes, recordScripts } from '../support/script-weight.ts';

/** "Verify a PDF" (ADR 0041) on a phone: the builder picks the PDF they were given. */
const session = useBrowser({ viewport: { width: 375, height: 812 } });

describe('Verify a PDF', () => {
  it('reads Genuine for the sealed PDF and Altered for a copy with one byte changed, within the script budget', async () => {
    const { page } = session;
    const member = await createMember('verify-pdf', {
      profile: { company_name: 'Dry Wet Areas Pty Ltd' },
    });
    const certificate = await createCompletedCertificate(member, '3 Quay St, Sydney');
    const download = await fetch(`${session.baseUrl}/api/certificates/${certificate.id}/pdf`);
    expect(download.status).toBe(200);
    const sealed = Buffer.from(await download.arrayBuffer());

    const scripts = recordScripts(page);
    await page.goto('/verify');
    await page.getByRole('heading', { level: 1, name: 'Verify a PDF' }).waitFor();
    await page.waitForLoadState('networkidle');
    // PRODUCT.md, Budgets: a public page loads at most 115 KB of gzipped JavaScript.
    expect(await gzippedKilobytes(scripts)).toBeLessThanOrEqual(115);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const picker = page.getByLabel('Choose a PDF to check');
    await picker.setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: sealed });
    await page.getByRole('heading', { level: 2, name: 'Genuine' }).waitFor();
    await page.getByText(`${certificate.certificate_number}, version 1, issued by Dry Wet Areas Pty Ltd`).waitFor();
    await page.getByText('Genuine, current version').waitFor();

    const tampered = Buffer.from(sealed);
    // The producer named in the XMP packet, a stream written as is (the Info dictionary is compressed).
    const producer = '<pdf:Producer>';
    const at = tampered.indexOf(producer) + producer.length;
    expect(at).toBeGreaterThanOrEqual(producer.length);
    tampered[at] = tampered[at] === 0x50 ? 0x70 : 0x50;
    await picker.setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: tampered });
    await page.getByRole('heading', { level: 2, name: 'Altered' }).waitFor();
    expect(await page.getByRole('heading', { level: 2, name: 'Genuine' }).count()).toBe(0);

    // The seal's root, to trust in a PDF reader (ADR 0061): a certificate download.
    const rootLink = page.getByRole('link', { name: "Download the seal's root certificate" });
    const root = await fetch(new URL((await rootLink.getAttribute('href')) ?? '', session.baseUrl));
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toBe('application/pkix-cert');
  });
});
