import { KNOWN_STANDARDS, type Session } from '@app/contract';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderCertificatePdf } from '../../src/features/certificates/certificate-pdf-layout.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { grantPremium } from '../support/entitlements.ts';
import { uploadFile } from '../support/multipart.ts';
import { type ArchivalFacts, archivalFacts } from '../support/pdf-archival.ts';
import { pdfFonts, pdfInfo, pdfSignatures } from '../support/pdf-tools.ts';
import { signByEmail } from '../support/signing.ts';
import { createReadyCoverSheet, createReadySwms } from '../support/swms.ts';

/*
 * ADR 0051: every issued PDF, sealed and joined into a signed PDF too, is PDF/A-2b (XMP
 * with pdfaid part 2 and conformance B, the sRGB OutputIntent, every font embedded) and tagged
 * (poppler reports "Tagged: yes", the language, the title as the window's title, a structure tree
 * in reading order with headings, tables and lists, alternative text on every image drawn, and no
 * text outside the tree but the artifacts). No PDF/A validator installs from the registries here:
 * these are the checks the ADR names.
 */

const { database, mail, app } = setUpTestApp({ settings: { publicUrl: 'https://certs.example.com' } });

const COMPANY = 'O’Brien & Sons <Wet Areas>';

const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer();

async function upload(session: Session, method: 'POST' | 'PUT', url: string, image: Buffer) {
  const response = await uploadFile(app, session, { method, url }, image, { contentType: 'image/png' });
  expect(response.statusCode).toBeLessThan(300);
  return response.json();
}

/** A business whose name needs escaping in XML, with a logo and the applicator's signature. */
async function owner() {
  const session = await registerConfirmedUser(app, mail);
  await grantPremium(database.db, session.user.id);
  const profile = await app.inject({
    method: 'PATCH',
    url: '/api/profile',
    headers: bearer(session),
    payload: { company_name: COMPANY, company_abn: '51 824 753 556', applicator_name: 'Zoë Nguyễn' },
  });
  expect(profile.statusCode).toBe(200);
  await upload(session, 'PUT', '/api/profile/logo', await picture(300, 120, '#0f766e'));
  await upload(session, 'PUT', '/api/profile/signature', await picture(400, 120, '#111827'));
  return session;
}

const download = async (session: Session, url: string) => {
  const response = await app.inject({ url, headers: bearer(session) });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
};

/** Signed by one signer through the mailed link; answers the signed PDF. */
async function signByLink(session: Session, kind: string, id: string) {
  await signByEmail(app, mail, session, kind, id);
  return download(session, `/api/signing/documents/${kind}/${id}/signed-pdf`);
}

const TABLES_AND_FIGURES = ['H1', 'H2', 'P', 'Table', 'TR', 'TH', 'TD', 'Figure'];

/** What every issued PDF must be; answers the facts for the kind's own checks. */
async function expectArchival(pdf: Buffer, elements = TABLES_AND_FIGURES): Promise<ArchivalFacts> {
  const facts = await archivalFacts(pdf);
  expect(facts).toMatchObject({
    pdfaPart: '2',
    pdfaConformance: 'B',
    xmpWellFormed: true,
    outputIntents: [{ subtype: '/GTS_PDFA1', components: 3 }],
    lang: 'en-AU',
    displayDocTitle: true,
    marked: true,
    imagesWithoutAlt: 0,
    untaggedTextRuns: 0,
    unbalancedMarks: 0,
    unmappedMcids: 0,
  });
  expect(facts.structure[0]).toBe('Document');
  for (const type of elements) expect(facts.structure).toContain(type);
  expect(facts.figureAlts.every((alt) => typeof alt === 'string' && alt.trim().length > 0)).toBe(true);
  expect(facts.imagesDrawn).toBeGreaterThan(0);
  const info = await pdfInfo(pdf);
  expect(info).toMatch(/^Tagged:\s+yes$/m);
  expect(info).toMatch(/^PDF version:\s+1\.7$/m);
  const fonts = (await pdfFonts(pdf)).trim().split('\n').slice(2);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) expect(font).toMatch(/ yes yes yes /); // embedded, subset, ToUnicode
  return facts;
}

/** Our seal, valid over the whole file, added after the document as an incremental update. */
async function expectSealedIncrementally(pdf: Buffer) {
  const report = await pdfSignatures(pdf);
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain('Total document signed');
  expect(pdf.toString('latin1').match(/%%EOF/g)?.length).toBe(2);
}

const headings = (facts: ArchivalFacts) => facts.structure.filter((type) => /^H\d$/.test(type));

describe('issued PDFs are PDF/A-2b and tagged', () => {
  it('a certificate, sealed, and its signed PDF: logo, signatures, QR code and photo each with alternative text', async () => {
    const session = await owner();
    const photo = await upload(session, 'POST', '/api/certificates/photos', await picture(800, 600, '#335577'));
    const created = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: bearer(session),
      payload: {
        user_id: session.user.id,
        status: 'completed',
        standards: [...KNOWN_STANDARDS],
        job_site_address: '7 Wattle Crescent, Katoomba NSW 2780',
        installation_date: '2026-11-12',
        areas: 'Ensuite',
        materials_used: 'Ardex WPM 300',
        photos: [{ file_id: photo.file_id, caption: 'Shower recess after the second coat' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();

    const pdf = await download(session, `/api/certificates/${id}/pdf`);
    await expectSealedIncrementally(pdf);
    // The standards are a list; this certificate has no table (its materials are written as text).
    const facts = await expectArchival(pdf, ['H1', 'H2', 'P', 'L', 'LI', 'LBody', 'Figure']);
    // The letterhead, the title, then the sections.
    expect(facts.structure.slice(0, 2)).toEqual(['Document', 'Figure']);
    expect(headings(facts).slice(0, 3)).toEqual(['H1', 'H2', 'H2']);
    expect(facts.figureAlts).toEqual([
      `Logo of ${COMPANY}`,
      expect.stringMatching(/^Signature: Zoë Nguyễn\s+·\s+\d+ \w+ 20\d\d$/),
      expect.stringMatching(/^QR code that opens https:\/\/certs\.example\.com\/.+/),
      'Photo: Shower recess after the second coat',
    ]);
    expect(facts.imagesDrawn).toBe(3);

    const signed = await signByLink(session, 'certificate', id);
    await expectSealedIncrementally(signed);
    const signedFacts = await expectArchival(signed);
    // The signature certificate's tree follows the certificate's, in page order.
    expect(headings(signedFacts).filter((type) => type === 'H1')).toHaveLength(2);
    expect(signedFacts.figureAlts).toEqual([...facts.figureAlts, 'Signature: Alex Builder']);
  });

  it('a SWMS with its register, a cover sheet, and the signed PDF of each', async () => {
    const session = await owner();
    const swms = await createReadySwms(app, session);
    const swmsPdf = await download(session, `/api/swms/${swms.id}/pdf`);
    await expectSealedIncrementally(swmsPdf);
    const swmsFacts = await expectArchival(swmsPdf);
    expect(swmsFacts.structure).toEqual(expect.arrayContaining(['L', 'LI']));
    // The letterhead's logo; the small logo at the top of the other pages is an artifact.
    expect(swmsFacts.figureAlts).toEqual([
      `Logo of ${COMPANY}`,
      expect.stringMatching(/^QR code that opens https:\/\/certs\.example\.com\/.+/),
    ]);
    expect(swmsFacts.imagesDrawn).toBeGreaterThan(1);

    const swmsSigned = await signByLink(session, 'swms', swms.id);
    await expectSealedIncrementally(swmsSigned);
    const swmsSignedFacts = await expectArchival(swmsSigned);
    // The signer's signature in the register, and again on the signature certificate.
    expect(swmsSignedFacts.figureAlts.filter((alt) => alt?.startsWith('Signature: Alex Builder'))).toHaveLength(2);

    const { id } = await createReadyCoverSheet(app, session, swms.id);
    const coverPdf = await download(session, `/api/cover-sheets/${id}/pdf`);
    await expectSealedIncrementally(coverPdf);
    await expectArchival(coverPdf);
    const coverSigned = await signByLink(session, 'cover_sheet', id);
    await expectSealedIncrementally(coverSigned);
    await expectArchival(coverSigned);
  });

  it('a draft too, its watermark outside the structure tree', async () => {
    const session = await owner();
    const draft = await app.inject({ method: 'POST', url: '/api/swms', headers: bearer(session), payload: {} });
    const pdf = await download(session, `/api/swms/${draft.json().id}/pdf`);
    expect(await pdfSignatures(pdf)).not.toContain('Signature #1');
    const facts = await expectArchival(pdf);
    expect(facts.untaggedTextRuns).toBe(0);
  });
});

describe('alternative text of photos', () => {
  it('is each photo’s stage and caption', async () => {
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#335577' } })
      .jpeg()
      .toBuffer();
    const pdf = await renderCertificatePdf({
      certificateNumber: 'WPC-2026-0001',
      issueDate: '1 December 2026',
      draft: false,
      company: {
        name: COMPANY,
        address: null,
        phone: null,
        email: null,
        abn: null,
        licence: null,
        applicatorName: 'Zoë Nguyễn',
      },
      logo: null,
      signature: null,
      issuedBy: null,
      jobSiteAddress: '7 Wattle Crescent, Katoomba NSW 2780',
      installationDate: null,
      areas: 'Ensuite',
      standards: ['AS 3740-2021'],
      stateDetails: null,
      materials: [],
      materialsUsed: 'Ardex WPM 300',
      additionalInfo: '',
      checklists: [],
      photoGroups: [
        { stage: 'Membrane', photos: [{ image, caption: 'Second coat · Taken 20 Nov 2026, 08:15' }] },
        { stage: null, photos: [{ image, caption: '' }] },
      ],
      verifyUrl: null,
      fingerprint: 'ab'.repeat(32),
      amendment: null,
    });
    const facts = await expectArchival(pdf, ['H1', 'H2', 'P', 'Figure']);
    expect(facts.figureAlts).toEqual(['Photo, Membrane stage: Second coat · Taken 20 Nov 2026, 08:15', 'Photo']);
  });
});

describe('the checks', () => {
  it('find what a plain PDF lacks: no PDF/A identification, no tags, an image without alternative text', async () => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    doc.text('Certificate of Compliance');
    doc.image(await picture(40, 40, '#0f766e'), 72, 120);
    doc.end();
    await ended;
    expect(await archivalFacts(Buffer.concat(chunks))).toMatchObject({
      pdfaPart: null,
      outputIntents: [],
      lang: null,
      marked: false,
      structure: [],
      imagesDrawn: 1,
      imagesWithoutAlt: 1,
      untaggedTextRuns: 1,
    });
  });
});
