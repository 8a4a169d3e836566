import { describe, expect, it } from 'vitest';
import { wcagViolations } from '../support/axe.ts';
import { useBrowser } from '../support/browser.ts';
import { createCompletedCertificate, createMember } from '../support/members.ts';
import { qrOfFirstPage } from '../support/pdf-qr.ts';

/** A builder on site scans a certificate's QR code with a phone (ADR 0072: every QR opens /verify). */
const session = useBrowser({ viewport: { width: 375, height: 812 } });

const fitsThePhone = (page: typeof session.page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("A certificate's QR code", () => {
  it('opens its verification, with the verdict first, and links on to the share page of that version', async () => {
    const { page } = session;
    const member = await createMember('certificate-qr', { profile: { company_name: 'Membrane Masters Pty Ltd' } });
    const certificate = await createCompletedCertificate(member, '12 Scan Lane, Wollongong NSW 2500');
    const download = await fetch(`${session.baseUrl}/api/certificates/${certificate.id}/pdf`);
    expect(download.status).toBe(200);
    const qr = new URL(await qrOfFirstPage(Buffer.from(await download.arrayBuffer())));
    expect(qr.pathname).toBe(`/verify/certificate/${certificate.id}/1`);
    expect(qr.search).toBe('');

    await page.goto(qr.pathname);
    await page.getByRole('heading', { level: 1, name: 'Verify a certificate' }).waitFor();
    await page.getByText('Genuine, current version').waitFor();
    await page.getByText(certificate.certificate_number, { exact: true }).waitFor();
    await page.getByText('Membrane Masters Pty Ltd', { exact: true }).waitFor();
    expect(await fitsThePhone(page)).toBeLessThanOrEqual(0);
    expect(await wcagViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'View the certificate' }).click();
    await page.waitForURL(`${session.baseUrl}/certificates/${certificate.id}?version=1`);
    await page.getByText('Genuine, current version').waitFor();
    await page.getByText('12 Scan Lane, Wollongong NSW 2500').first().waitFor();
    expect(await fitsThePhone(page)).toBeLessThanOrEqual(0);
  });

  it('printed before, as the share page address, still opens that version', async () => {
    const { page } = session;
    const member = await createMember('certificate-old-qr');
    const certificate = await createCompletedCertificate(member, '4 Paper Rd, Orange NSW 2800');
    await page.goto(`/certificates/${certificate.id}?version=1`);
    await page.getByText('Genuine, current version').waitFor();
    await page.getByText('4 Paper Rd, Orange NSW 2800').first().waitFor();
    expect(await fitsThePhone(page)).toBeLessThanOrEqual(0);
  });
});
