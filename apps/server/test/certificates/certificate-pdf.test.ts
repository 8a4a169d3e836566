import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { type Certificate, KNOWN_STANDARDS, rateLimits, type Session } from '@app/contract';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { membershipOf } from '../../src/platform/accounts/memberships.ts';
import { createLocalDiskStorage, type FileStorage } from '../../src/platform/storage/file-storage.ts';
import { buildTestApp, setUpTestApp, testFilesRoot } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { patchCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { uploadFile } from '../support/multipart.ts';
import { firstPagePng, pdfFonts, pdfPageCount, pdfText } from '../support/pdf-tools.ts';
import { untilRefused } from '../support/rate-limits.ts';
import { errorOf } from '../support/responses.ts';

let owner: Session;

const LONG_INFO = `${'Flood test held for 24 hours with no leaks observed. '.repeat(60)}End of notes: cure times followed.`;

async function uploadTo(url: string, image: Buffer, filename: string, contentType: string) {
  const method = url.includes('photos') ? 'POST' : 'PUT';
  const response = await uploadFile(app, owner, { method, url }, image, { filename, contentType });
  expect(response.statusCode).toBeLessThan(300);
  return response.json();
}

/** A 12 MP phone-like photo: noisy content, so it compresses like a real one. */
const phonePhoto = (shade: number) =>
  sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: { r: shade, g: 120, b: 90 },
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

async function createCertificate(body: object): Promise<Certificate> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/certificates',
    headers: bearer(owner),
    payload: {
      user_id: owner.user.id,
      status: 'completed',
      standards: [...KNOWN_STANDARDS],
      job_site_address: '7 Wattle Crescent, Katoomba NSW 2780',
      installation_date: '2026-11-12',
      areas: 'Ensuite: shower recess and floor; Laundry',
      materials_used: 'Ardex WPM 300 membrane, 2 coats at right angles; Ardex bond breaker tape',
      additional_info: LONG_INFO,
      ...body,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** Cached PDFs are filed by business and certificate, and named by content fingerprint (sealed PDF/A: ADR 0041, 0051). */
const cachedName = (certificate: Pick<Certificate, 'id' | 'fingerprint'>) =>
  path.join(certificate.id, `${certificate.fingerprint}.pdfa.v2.sealed.pdf`);
const cachedPdfs = async () =>
  readdir(path.join(testFilesRoot, 'pdf-cache', (await membershipOf(app.db, owner.user.id)).businessId), {
    recursive: true,
  }).catch((): string[] => []);

const download = async (id: string, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1', from = app) => {
  const response = await from.inject({ url: `/api/certificates/${id}/pdf`, headers, remoteAddress });
  return { response, pdf: response.rawPayload };
};

const { database, mail, app } = setUpTestApp({ settings: { publicUrl: 'https://certs.example.com' } });

beforeAll(async () => {
  owner = await registerConfirmedUser(app, mail);
  await grantPremium(database.db, owner.user.id);
  await app.inject({
    method: 'PATCH',
    url: '/api/profile',
    headers: bearer(owner),
    payload: {
      company_name: 'Zoë Ng-Đặng Waterproofing',
      company_address: '3 Gum Tree Lane, Penrith NSW 2750',
      company_abn: '51 824 753 556',
      licence_number: 'WP-2231',
      applicator_name: 'Zoë Ng-Đặng',
    },
  });
  const logo = await sharp({ create: { width: 600, height: 240, channels: 4, background: '#0f766e' } })
    .png()
    .toBuffer();
  await uploadTo('/api/profile/logo', logo, 'logo.png', 'image/png');
  const signature = await sharp({
    create: { width: 500, height: 150, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="500" height="150"><path d="M10 120 C 120 10, 200 140, 490 30" stroke="black" stroke-width="6" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  await uploadTo('/api/profile/signature', signature, 'signature.png', 'image/png');
}, 120_000);

describe('certificate PDF', () => {
  it('prints the address, number, every standard, the fingerprint and non-ASCII names, with fonts embedded', async () => {
    const certificate = await createCertificate({});
    const { response, pdf } = await download(certificate.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${certificate.certificate_number}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');

    const text = await pdfText(pdf);
    expect(text).toContain('7 Wattle Crescent, Katoomba NSW 2780');
    expect(text).toContain(certificate.certificate_number);
    for (const standard of KNOWN_STANDARDS) expect(text).toContain(standard);
    expect(text).toContain(certificate.fingerprint);
    expect(text).toContain('Zoë Ng-Đặng');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain(`https://certs.example.com/verify/certificate/${certificate.id}/1`);
    // Long text wraps and flows on: its last words are printed, not clipped.
    expect(text).toContain('End of notes: cure times followed.');
    expect(text).not.toContain('DRAFT');

    const fonts = await pdfFonts(pdf);
    expect(fonts).toContain('DejaVuSans');
    for (const line of fonts.split('\n').slice(2).filter(Boolean)) expect(line).toMatch(/\byes\s+yes\b/);
  });

  it('grows by pages as photos are added, and stays small enough to email', { timeout: 120_000 }, async () => {
    const withoutPhotos = await createCertificate({ additional_info: 'Short note.' });
    const photos = [];
    for (let index = 0; index < 6; index++) {
      const uploaded = await uploadTo(
        '/api/certificates/photos',
        await phonePhoto(60 + index * 20),
        `p${index}.jpg`,
        'image/jpeg',
      );
      photos.push({ file_id: uploaded.file_id, caption: `Photo ${index + 1}: membrane coat ${index + 1}` });
    }
    const withPhotos = await createCertificate({ additional_info: 'Short note.', photos });

    const plain = await download(withoutPhotos.id);
    const illustrated = await download(withPhotos.id);
    const plainPages = await pdfPageCount(plain.pdf);
    const illustratedPages = await pdfPageCount(illustrated.pdf);
    expect(illustratedPages).toBeGreaterThan(plainPages);
    expect(await pdfText(illustrated.pdf)).toContain('Photo 6: membrane coat 6');
    expect(illustrated.pdf.length).toBeLessThanOrEqual(300 * 1024 + 6 * 250 * 1024);
  });

  it('renders a first page that is neither blank nor running off the edges', async () => {
    const certificate = await createCertificate({});
    const png = await firstPagePng((await download(certificate.id)).pdf);
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const inkAt = (x: number, y: number) => (data[y * info.width + x] ?? 255) < 200;
    let ink = 0;
    for (let y = 0; y < info.height; y++) for (let x = 0; x < info.width; x++) if (inkAt(x, y)) ink++;
    expect(ink / (info.width * info.height)).toBeGreaterThan(0.02);
    // The outer 5% on every side is margin: nothing printed there means nothing was cut off.
    const border = Math.round(info.width * 0.05);
    let edgeInk = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const inBorder = x < border || x >= info.width - border || y < border || y >= info.height - border;
        if (inBorder && inkAt(x, y)) edgeInk++;
      }
    }
    expect(edgeInk).toBe(0);
  });

  /** What a phone camera reads from the first page's QR code, if there is one. */
  async function firstPageQr(pdf: Buffer) {
    const png = await firstPagePng(pdf, 150);
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
  }

  it('carries a QR code that a phone camera reads as the verification of this very version, printed beside it', async () => {
    // Short notes, so the verification block is on the first page.
    const certificate = await createCertificate({ additional_info: 'Short note.' });
    const { pdf } = await download(certificate.id);
    const verifyUrl = `https://certs.example.com/verify/certificate/${certificate.id}/1`;
    // Every document kind's QR code opens /verify (ADR 0072).
    expect(await firstPageQr(pdf)).toBe(verifyUrl);
    expect(await pdfText(pdf)).toContain(verifyUrl);
    const verified = await app.inject({ url: new URL(verifyUrl).pathname.replace('/verify/', '/api/verify/') });
    // The page it opens answers for this very version: its fingerprint, as the PDF prints it.
    expect(verified.statusCode).toBe(200);
    expect([verified.json().fingerprint, verified.json().verdict.status]).toEqual([certificate.fingerprint, 'current']);
  });

  it('prints a draft as a draft: watermarked, without the signature or a QR code, to its owner only', async () => {
    const draft = await createCertificate({ status: 'draft', additional_info: 'Short note.' });
    expect((await download(draft.id)).response.statusCode).toBe(404);
    const { response, pdf } = await download(draft.id, bearer(owner));
    expect(response.statusCode).toBe(200);
    const text = await pdfText(pdf);
    expect(text).toContain('DRAFT: not issued');
    expect(text).not.toContain('Verify this certificate');
    expect(await firstPageQr(pdf)).toBeUndefined();
  });

  it('caches each issued version’s PDF, and an amendment prints as its own version', async () => {
    const certificate = await createCertificate({ additional_info: 'First version.' });
    const first = await download(certificate.id);
    expect(await cachedPdfs()).toContain(cachedName(certificate));
    expect((await download(certificate.id)).pdf.equals(first.pdf)).toBe(true);

    const updated = await patchCertificate(app, owner, certificate.id, { additional_info: 'Second version.' });
    expect(updated.json().fingerprint).not.toBe(certificate.fingerprint);
    const text = await pdfText((await download(certificate.id)).pdf);
    expect(text).toContain('Second version.');
    expect(text).toContain(updated.json().fingerprint);
    expect(text).toMatch(/Version 2 — amended \d{1,2} \w+ \d{4}/);
    // Version 2 has its own cache entry; version 1 is still issued, and its PDF is as it was.
    expect(await cachedPdfs()).toContain(cachedName(updated.json()));
    expect(await cachedPdfs()).toContain(cachedName(certificate));
    const versionOne = await app.inject({ url: `/api/certificates/${certificate.id}/pdf?version=1` });
    expect(versionOne.rawPayload.equals(first.pdf)).toBe(true);

    // Deleted (nobody signed it), the certificate takes the PDFs of all its versions with it.
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/certificates/${certificate.id}`,
      headers: bearer(owner),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await cachedPdfs()).filter((name) => name.startsWith(certificate.id))).toEqual([]);
  });
});

describe('PDF downloads at once and under strain', () => {
  it('serves 5 new certificates to 20 phones each at once: all 200, one PDF per certificate', async () => {
    const certificates: Certificate[] = [];
    for (let index = 1; index <= 5; index++) {
      certificates.push(await createCertificate({ job_site_address: `${index} Crew Street, Parramatta NSW 2150` }));
    }
    // A crew scanning the QR code on site: 20 phones per certificate, all at once.
    const downloads = await Promise.all(
      certificates.flatMap((certificate, index) =>
        Array.from({ length: 20 }, (_, phone) => download(certificate.id, {}, `198.51.100.${index * 20 + phone}`)),
      ),
    );
    expect(downloads.map(({ response }) => response.statusCode)).toEqual(Array(100).fill(200));
    for (const [index, certificate] of certificates.entries()) {
      const pdfs = downloads.slice(index * 20, index * 20 + 20).map(({ pdf }) => pdf);
      expect(pdfs.every((pdf) => pdf.equals(pdfs[0] as Buffer))).toBe(true);
      expect(await pdfText(pdfs[0] as Buffer)).toContain(certificate.certificate_number);
    }
    const cached = await cachedPdfs();
    expect(cached.filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(cached).toEqual(expect.arrayContaining(certificates.map(cachedName)));
  });

  it('still serves the PDF when it cannot be cached', async () => {
    const disk = createLocalDiskStorage(testFilesRoot);
    const noSpace = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    const unwritable: FileStorage = { ...disk, put: () => Promise.reject(noSpace) };
    const appWithFullCache = await buildTestApp(database.db, {
      mailer: mail.mailer,
      settings: { publicUrl: 'https://certs.example.com' },
      fileStorage: unwritable,
    });
    try {
      const certificate = await createCertificate({ job_site_address: '9 Full Disk Road, Orange NSW 2800' });
      const { response, pdf } = await download(certificate.id, {}, '127.0.0.1', appWithFullCache);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(await pdfText(pdf)).toContain('9 Full Disk Road');
      expect(await cachedPdfs()).not.toContain(cachedName(certificate));
    } finally {
      await appWithFullCache.close();
    }
  });

  it('limits downloads per visitor IP with 429 and Retry-After; other visitors still get theirs', async () => {
    const certificate = await createCertificate({});
    const { refused } = await untilRefused(rateLimits.certificatePdf, async () => {
      const { response } = await download(certificate.id, {}, '203.0.113.7');
      return response;
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(refused)).toEqual({
      code: 'over_request_rate_limit',
      message: `Too many requests: please wait ${refused.headers['retry-after']} seconds and try again.`,
    });
    expect((await download(certificate.id, {}, '203.0.113.8')).response.statusCode).toBe(200);
  });
});
