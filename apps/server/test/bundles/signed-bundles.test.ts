import type { Session, Swms } from '@app/contract';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { createCompletedCertificate } from '../support/certificates.ts';
import { uploadFile } from '../support/multipart.ts';
import { pdfFonts, pdfImageObjects, pdfPageCount, pdfPageTexts, pdfText } from '../support/pdf-tools.ts';
import { signaturePng } from '../support/signing.ts';
import { createReadyCoverSheet, createReadySwms, readySwmsBody } from '../support/swms.ts';

/*
 * ADR 0049: a signed bundle agrees with itself (the register on the plain and the signed PDF, its
 * companies, page numbers through the whole bundle, an "opened" row for every signer, a verify box
 * on every document), and each image and font is stored once per file. Read back with poppler.
 */

const { mail, app, query } = setUpTestApp();

type Method = 'GET' | 'POST' | 'PUT';
const call = (session: Session, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: bearer(session), ...(payload ? { payload } : {}) });

const signerUa = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Signer';

async function owner() {
  const session = await registerConfirmedUser(app, mail);
  await query(
    `update businesses set company_name = 'Dry Wet Areas Pty Ltd' where id = (select business_id from memberships where user_id = $1)`,
    [session.user.id],
  );
  await query(`update profiles set applicator_name = 'Sam Citizen' where id = $1`, [session.user.id]);
  return session;
}

/** A logo as businesses upload them: a photo-like JPEG of about 26 KB, not a flat colour. */
function photoLikeLogo() {
  const width = 600;
  const height = 240;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let channel = 0; channel < 3; channel++) {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const shade = (x * (channel + 1)) / 4 + y / 2 + ((seed >> 16) & 0x0f);
        pixels[(y * width + x) * 3 + channel] = Math.min(255, shade & 0xff);
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function withLogo(session: Session) {
  const logo = await photoLikeLogo();
  const response = await uploadFile(app, session, { method: 'PUT', url: '/api/profile/logo' }, logo);
  expect(response.statusCode).toBe(200);
}

const asSigner = (token: string, ip: string, method: 'GET' | 'POST' = 'GET', action = '', payload?: object) =>
  app.inject({
    method,
    url: `/api/sign/${token}${action}`,
    headers: { 'user-agent': signerUa },
    remoteAddress: ip,
    ...(payload ? { payload } : {}),
  });

/** Sends the SWMS to one signer by email, who opens the link and signs; returns the request's token. */
async function signedByEmail(session: Session, swmsId: string, signer: { name: string; company: string }) {
  const email = `builder-${Math.random().toString(16).slice(2)}@example.com`;
  const sent = await call(session, 'POST', `/api/signing/documents/swms/${swmsId}/requests`, {
    signers: [{ name: signer.name, email, role: 'Builder', company: signer.company }],
  });
  expect(sent.statusCode).toBe(201);
  const token = mail.linkIn(await mail.nextMailTo(email), /^\/sign\//).pathname.slice('/sign/'.length);
  expect((await asSigner(token, '192.0.2.21')).statusCode).toBe(200);
  const signed = await asSigner(token, '192.0.2.21', 'POST', '/sign', {
    name: signer.name,
    read_confirmed: true,
    signature_png: await signaturePng(),
    method: 'drawn',
  });
  expect(signed.statusCode).toBe(200);
}

/** A worker signs on at the site through the SWMS's QR code. */
async function signedOnSite(session: Session, swmsId: string, worker: { name: string; company: string }) {
  const link = await call(session, 'POST', `/api/signing/documents/swms/${swmsId}/site-sign-on`, {});
  expect(link.statusCode).toBe(200);
  const token = new URL(link.json().url).pathname.slice('/sign/'.length);
  const shown = await asSigner(token, '192.0.2.31');
  expect(shown.statusCode).toBe(200);
  const signed = await asSigner(token, '192.0.2.31', 'POST', '/sign', {
    ...worker,
    document_fingerprint: shown.json().document.fingerprint,
    read_confirmed: true,
    signature_png: await signaturePng(),
    method: 'drawn',
  });
  expect(signed.statusCode).toBe(200);
}

/** The rectangles the first page draws (its content streams' `re` operators). */
async function firstPageRectangles(pdf: Buffer): Promise<number> {
  const document = await PDFDocument.load(pdf);
  const contents = document.getPage(0).node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
  let count = 0;
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) continue;
    count += Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1').match(/ re\b/g)?.length ?? 0;
  }
  return count;
}

/**
 * The runs of dark modules of the QR code of `url`: one rectangle each, as the verify box draws it.
 * Encoded as the box encodes it (one byte segment): left to choose, the encoder splits a uuid's
 * digits into their own segments, which draws a different code.
 */
function qrRuns(url: string): number {
  const { modules } = QRCode.create([{ data: Buffer.from(url), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  let runs = 0;
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column) && (column === 0 || !modules.get(row, column - 1))) runs += 1;
    }
  }
  return runs;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ');
const footerLines = (pages: string[]) =>
  pages.map(
    (page) =>
      page
        .split('\n')
        .filter((line) => /\S/.test(line))
        .at(-1)
        ?.trim() ?? '',
  );

describe('a SWMS signed by email link and by crew QR', () => {
  it('lists both signers with their companies on the plain and the signed PDF, numbers the whole bundle, and has an opened row for each', async () => {
    const session = await owner();
    const swms = await createReadySwms(app, session);
    await signedByEmail(session, swms.id, { name: 'Alex Builder', company: 'Harbourside Builders' });
    await signedOnSite(session, swms.id, { name: 'Kim Worker', company: 'Tile Co' });

    const plain = await call(session, 'GET', `/api/swms/${swms.id}/pdf`);
    expect(plain.statusCode).toBe(200);
    const signed = await call(session, 'GET', `/api/signing/documents/swms/${swms.id}/signed-pdf`);
    expect(signed.statusCode).toBe(200);

    for (const pdf of [plain.rawPayload, signed.rawPayload]) {
      const register = (await pdfPageTexts(pdf)).find((page) => page.includes('Worker sign-on register')) ?? '';
      // Each signer's row: name, then company, on one line of the register.
      expect(register).toMatch(/Alex Builder\s+Harbourside Builders\s+\d/);
      expect(register).toMatch(/Kim Worker\s+Tile Co\s+\d/);
    }

    const pages = await pdfPageTexts(signed.rawPayload);
    const count = await pdfPageCount(signed.rawPayload);
    expect(pages).toHaveLength(count);
    expect(pages.at(-1)).toContain('Audit trail');
    // Every footer on one line, numbered through the document and its signature certificate.
    expect(footerLines(pages)).toEqual(
      pages.map((_, index) =>
        expect.stringMatching(
          new RegExp(
            `^${swms.number} · v1 · SHA-256 ${swms.fingerprint.slice(0, 12)}… · Page ${index + 1} of ${count}$`,
          ),
        ),
      ),
    );
    for (const [index, page] of pages.entries())
      expect(page.match(/Page \d+ of \d+/g)).toEqual([`Page ${index + 1} of ${count}`]);

    const certificate = oneLine(
      pages.slice(pages.findIndex((page) => page.includes('Signature certificate'))).join(' '),
    );
    for (const name of ['Alex Builder', 'Kim Worker']) {
      expect(certificate).toMatch(new RegExp(`${name}: signed .*?Opened: `));
      expect(certificate).toMatch(new RegExp(`opened ${name}`));
    }
    expect(certificate).toContain('Builder · Harbourside Builders');
    const opened = await query(
      `select r.signer_name from audit_events e join signature_requests r on r.id = (e.data->>'signerId')::uuid
        where e.subject_id = $1 and e.type = 'signing.opened' order by r.signer_name`,
      [swms.id],
    );
    expect(opened.rows).toEqual([{ signer_name: 'Alex Builder' }, { signer_name: 'Kim Worker' }]);
  });
});

describe('a signed certificate', () => {
  it('numbers its pages through the signature certificate, each footer on one line', async () => {
    const session = await owner();
    const id = await createCompletedCertificate(app, session);
    const email = `certifier-${Math.random().toString(16).slice(2)}@example.com`;
    const sent = await call(session, 'POST', `/api/signing/documents/certificate/${id}/requests`, {
      signers: [{ name: 'Pat Certifier', email, company: 'Certified Pty Ltd' }],
    });
    expect(sent.statusCode).toBe(201);
    const token = mail.linkIn(await mail.nextMailTo(email), /^\/sign\//).pathname.slice('/sign/'.length);
    const signed = await asSigner(token, '192.0.2.41', 'POST', '/sign', {
      name: 'Pat Certifier',
      read_confirmed: true,
      signature_png: await signaturePng(),
      method: 'drawn',
    });
    expect(signed.statusCode).toBe(200);

    const pdf = (await call(session, 'GET', `/api/signing/documents/certificate/${id}/signed-pdf`)).rawPayload;
    const pages = await pdfPageTexts(pdf);
    const count = await pdfPageCount(pdf);
    expect(pages).toHaveLength(count);
    expect(pages.at(-1)).toContain('Audit trail');
    expect(footerLines(pages)).toEqual(
      pages.map((_, index) => expect.stringMatching(new RegExp(`^WPC-\\d{4}-\\d{4} · Page ${index + 1} of ${count}$`))),
    );
    expect(oneLine(pages.join(' '))).toContain('Pat Certifier: signed Certified Pty Ltd');
  });
});

describe('each document carries its own verify box', () => {
  it('prints the cover sheet’s QR box and full fingerprint on the sheet alone and in front of its SWMS', async () => {
    const session = await owner();
    const swms = await createReadySwms(app, session);
    const cover = await createReadyCoverSheet(app, session, swms.id);

    const alone = await call(session, 'GET', `/api/cover-sheets/${cover.id}/pdf`);
    const inFront = await call(session, 'GET', `/api/swms/${swms.id}/pdf`);
    for (const pdf of [alone.rawPayload, inFront.rawPayload]) {
      const [sheet = ''] = await pdfPageTexts(pdf);
      expect(sheet).toContain('SWMS Cover Sheet');
      expect(sheet).toContain(`Verify ${cover.number} version 1`);
      expect(sheet).toContain(`/verify/cover_sheet/${cover.id}/1`);
      expect(sheet).toContain(cover.fingerprint);
      // Its QR code: a rectangle for each run of dark modules, besides the tables' cells.
      expect(await firstPageRectangles(pdf)).toBeGreaterThan(
        qrRuns(`http://app.test/verify/cover_sheet/${cover.id}/1`),
      );
    }
    // The SWMS's own box is still on its own page, with its full fingerprint.
    expect(oneLine(await pdfText(inFront.rawPayload))).toContain(`Verify ${swms.number} version 1`);
    expect(await pdfText(inFront.rawPayload)).toContain(swms.fingerprint);
  });
});

describe('each image and font stored once per file', () => {
  it('keeps the SWMS of 7 pages with its cover sheet and a logo under 120 KB, its logo stored once, and its signed PDF with each font and signature once', async () => {
    const session = await owner();
    await withLogo(session);
    const swms: Swms = await createReadySwms(app, session);
    const step = readySwmsBody().steps[0];
    const long = await call(session, 'PUT', `/api/swms/${swms.id}`, {
      revision: swms.revision,
      body: { ...readySwmsBody(), steps: Array.from({ length: 36 }, () => step) },
    });
    expect(long.statusCode).toBe(200);
    const alone = (await call(session, 'GET', `/api/swms/${swms.id}/pdf`)).rawPayload;
    expect(await pdfPageCount(alone)).toBe(7);
    await createReadyCoverSheet(app, session, swms.id);

    const plain = (await call(session, 'GET', `/api/swms/${swms.id}/pdf`)).rawPayload;
    const pages = await pdfPageCount(plain);
    expect(pages).toBeGreaterThan(7);
    // The logo is drawn on every page, the cover sheet's too, from one image object; the approver's
    // signature on the cover sheet is the other image.
    const drawn = await pdfImageObjects(plain);
    expect([...drawn.values()].map((drawnOn) => drawnOn.length).sort((a, b) => a - b)).toEqual([1, pages]);
    expect(plain.length).toBeLessThan(120 * 1024);

    await signedByEmail(session, swms.id, { name: 'Alex Builder', company: 'Harbourside Builders' });
    const signed = (await call(session, 'GET', `/api/signing/documents/swms/${swms.id}/signed-pdf`)).rawPayload;
    // The logo, the approver's signature on the cover sheet, and the signer's on the register and
    // again in the signature certificate: three images.
    const images = [...(await pdfImageObjects(signed)).values()].map((drawnOn) => drawnOn.length);
    expect(images.sort((a, b) => a - b)).toEqual([1, 2, await pdfPageCount(signed)]);
    const fonts = (await pdfFonts(signed))
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((line) => line.split(/\s+/)[0]);
    expect(fonts.length).toBeGreaterThan(0);
    expect(new Set(fonts).size).toBe(fonts.length);
    console.log(
      `SWMS with a logo: ${alone.length} bytes; with its cover sheet (${pages} pages): ${plain.length} bytes; signed: ${signed.length} bytes`,
    );
  });
});
