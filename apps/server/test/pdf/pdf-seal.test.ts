import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type DocumentVerification,
  PDF_CHECK_MAX_MEGABYTES,
  PDF_CHECK_MESSAGES,
  type PdfCheck,
  type Session,
} from '@app/contract';
import { describe, expect, it } from 'vitest';
import { storedSealIdentity } from '../../src/platform/crypto/seal-identity.ts';
import { PdfSeal } from '../../src/platform/pdf/seal.ts';
import { buildTestApp, setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody, createCompletedCertificate, patchCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { multipartBody } from '../support/multipart.ts';
import { pdfWorkerRuns } from '../support/pdf-metrics.ts';
import { pdfSignatures } from '../support/pdf-tools.ts';
import { errorOf } from '../support/responses.ts';
import { pdfSignaturesTrusting } from '../support/seal-certificates.ts';
import { signByEmail } from '../support/signing.ts';
import { withRangeOverAppendedBytes } from '../support/stretched-seal.ts';
import { createReadyCoverSheet, createReadySwms } from '../support/swms.ts';

/*
 * ADR 0041: every issued PDF carries our PAdES seal, which a real reader (poppler's pdfsig) checks,
 * and "Verify a PDF" answers genuine, superseded, altered or not issued from the seal and the record.
 */

const { database, mail, app, query } = setUpTestApp();

async function owner() {
  const session = await registerConfirmedUser(app, mail);
  await grantPremium(database.db, session.user.id);
  await query(
    `update businesses set company_name = 'Dry Wet Areas Pty Ltd', company_abn = '51824753556',
       company_address = '3 Trade St, Penrith NSW 2750', company_phone = '02 4700 1234',
       company_email = 'office@drywet.example' where id = (select business_id from memberships where user_id = $1)`,
    [session.user.id],
  );
  return session;
}

const download = async (url: string, session?: Session) => {
  const response = await app.inject({ url, headers: session ? bearer(session) : {} });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
};

let ip = 0;
const check = (pdf: Buffer, filename = 'document.pdf') => {
  const body = multipartBody(pdf, filename, 'application/pdf');
  return app.inject({
    method: 'POST',
    url: '/api/verify/pdf',
    headers: body.headers,
    payload: body.payload,
    remoteAddress: `198.51.100.${++ip}`,
  });
};
const checked = async (pdf: Buffer): Promise<PdfCheck> => {
  const response = await check(pdf);
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** One byte of the document's own content changed (inside the first signed range, past the header). */
const oneByteChanged = (pdf: Buffer) => {
  const copy = Buffer.from(pdf);
  // The producer named in the XMP packet, a stream written as is (the Info dictionary is compressed).
  const producer = '<pdf:Producer>';
  const at = copy.indexOf(producer) + producer.length;
  if (at < producer.length) throw new Error('No producer in the XMP packet');
  copy[at] = copy[at] === 0x50 ? 0x70 : 0x50;
  return copy;
};

const expectValidSeal = async (pdf: Buffer) => {
  const report = await pdfSignatures(pdf);
  expect(report).toContain('Signature #1');
  expect(report).not.toContain('Signature #2');
  expect(report).toContain('Signature Type: ETSI.CAdES.detached');
  expect(report).toContain('Total document signed');
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain('Signer Certificate Common Name: TradeCert document seal');
  // Not expired (ADR 0061); with the installation's root trusted, trusted.
  expect(report).toContain('Certificate Validation:');
  expect(report).not.toContain('Expired');
  const root = await app.inject({ url: '/api/verify/seal-root' });
  expect(await pdfSignaturesTrusting(pdf, root.rawPayload)).toContain(
    'Certificate Validation: Certificate is Trusted.',
  );
  const altered = await pdfSignatures(oneByteChanged(pdf));
  expect(altered).toContain('Signature Validation: Digest Mismatch.');
};

const verification = async (kind: string, id: string, version: number): Promise<DocumentVerification> => {
  const response = await app.inject({ url: `/api/verify/${kind}/${id}/${version}` });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('the seal on each kind of issued PDF', () => {
  it('seals a certificate version, and its signed PDF with the signature certificate, as pdfsig checks', async () => {
    const session = await owner();
    const id = await createCompletedCertificate(app, session);
    const pdf = await download(`/api/certificates/${id}/pdf`);
    await expectValidSeal(pdf);
    // The cache keeps the sealed bytes: a second download is the same file.
    expect((await download(`/api/certificates/${id}/pdf`)).equals(pdf)).toBe(true);

    await signByEmail(app, mail, session, 'certificate', id);
    const signedPdf = await download(`/api/signing/documents/certificate/${id}/signed-pdf`, session);
    await expectValidSeal(signedPdf);
    expect(await checked(signedPdf)).toEqual({ result: 'genuine', document: await verification('certificate', id, 1) });
  });

  it('seals a SWMS version and a cover-sheet version; a draft is not sealed and is not issued', async () => {
    const session = await owner();
    const draftSwms = await app.inject({ method: 'POST', url: '/api/swms', headers: bearer(session), payload: {} });
    const draftPdf = await download(`/api/swms/${draftSwms.json().id}/pdf`, session);
    expect(await pdfSignatures(draftPdf)).not.toContain('Signature #1');
    expect(await checked(draftPdf)).toEqual({ result: 'not_issued', document: null });

    const swms = await createReadySwms(app, session);
    const swmsPdf = await download(`/api/swms/${swms.id}/pdf`, session);
    await expectValidSeal(swmsPdf);
    expect(await checked(swmsPdf)).toEqual({ result: 'genuine', document: await verification('swms', swms.id, 1) });

    const { id } = await createReadyCoverSheet(app, session, swms.id);
    const coverPdf = await download(`/api/cover-sheets/${id}/pdf`, session);
    await expectValidSeal(coverPdf);
    expect(await checked(coverPdf)).toEqual({ result: 'genuine', document: await verification('cover_sheet', id, 1) });
  });
});

describe('Verify a PDF', () => {
  it('answers genuine (current, then superseded), altered and not issued for a matching set of files', async () => {
    const session = await owner();
    const id = await createCompletedCertificate(app, session);
    const first = await download(`/api/certificates/${id}/pdf`);
    const genuine = await checked(first);
    expect(genuine).toMatchObject({
      result: 'genuine',
      document: { kind: 'certificate', version: 1, verdict: { status: 'current' } },
    });
    // What the QR code's page says, and nothing more.
    expect(genuine.document).toEqual(await verification('certificate', id, 1));

    const amended = await patchCertificate(app, session, id, {
      areas: 'Ensuite and laundry',
      amendment_reason: 'Laundry added',
    });
    expect(amended.statusCode).toBe(200);
    const superseded = await checked(first);
    expect(superseded).toMatchObject({
      result: 'genuine',
      document: { version: 1, verdict: { status: 'superseded', superseded_by: { version: 2 } } },
    });
    const second = await download(`/api/certificates/${id}/pdf`);
    expect(await checked(second)).toMatchObject({
      result: 'genuine',
      document: { version: 2, verdict: { status: 'current' } },
    });

    expect(await checked(oneByteChanged(first))).toEqual({ result: 'altered', document: null });
    // Bytes added after the seal (an incremental update drawing over a page) are a change too.
    const appended = Buffer.concat([first, Buffer.from('\n1 0 obj\n<< >>\nendobj\n%%EOF\n')]);
    expect(await checked(appended)).toEqual({ result: 'altered', document: null });
    // A byte of the signature itself.
    const brokenSignature = Buffer.from(first);
    const contents = brokenSignature.lastIndexOf('/Contents <') + '/Contents <'.length + 600;
    brokenSignature[contents] = brokenSignature[contents] === 0x41 ? 0x42 : 0x41;
    expect((await checked(brokenSignature)).result).not.toBe('genuine');

    const draft = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: bearer(session),
      payload: completedCertificateBody(session, { status: 'draft' }),
    });
    expect(draft.statusCode).toBe(201);
    const draftPdf = await download(`/api/certificates/${draft.json().id}/pdf`, session);
    expect(await checked(draftPdf)).toEqual({ result: 'not_issued', document: null });
  });

  it("answers not issued for someone else's seal and for a deleted certificate", async () => {
    const session = await owner();
    const id = await createCompletedCertificate(app, session);
    const pdf = await download(`/api/certificates/${id}/pdf`);
    const stranger = new PdfSeal(
      storedSealIdentity(database.db, 'another-issuer'),
      () => 'https://elsewhere.example',
      app.pdfRenderPool,
    );
    const unsealed = Buffer.from(pdf.subarray(0, pdf.indexOf('%%EOF') + 5));
    const resealed = await stranger.seal(
      unsealed,
      {
        kind: 'certificate',
        documentId: id,
        version: 1,
        fingerprint: (await verification('certificate', id, 1)).fingerprint,
      },
      { owner: 'another-issuer' },
    );
    expect(await pdfSignatures(resealed)).toContain('Signature is Valid.');
    expect(await checked(resealed)).toEqual({ result: 'not_issued', document: null });

    const deleted = await app.inject({ method: 'DELETE', url: `/api/certificates/${id}`, headers: bearer(session) });
    expect(deleted.statusCode).toBe(200);
    expect(await checked(pdf)).toEqual({ result: 'not_issued', document: null });
  });

  it('seals and checks in the PDF workers, a 35 MB upload with its byte range stretched over added bytes too', async () => {
    const session = await owner();
    const id = await createCompletedCertificate(app, session);
    const seals = await pdfWorkerRuns(app, 'seal', 'ok');
    const pdf = await download(`/api/certificates/${id}/pdf`);
    expect(await pdfWorkerRuns(app, 'seal', 'ok')).toBe(seals + 1);

    const checks = await pdfWorkerRuns(app, 'seal-check', 'ok');
    const stretched = withRangeOverAppendedBytes(pdf, PDF_CHECK_MAX_MEGABYTES * 1024 * 1024 - 4096);
    expect(await checked(stretched)).toEqual({ result: 'altered', document: null });
    expect(await pdfWorkerRuns(app, 'seal-check', 'ok')).toBe(checks + 1);
  });

  it("answers a check that runs out of the workers' budget in a checker's words, not printing's", async () => {
    const id = await createCompletedCertificate(app, await owner());
    const stretched = withRangeOverAppendedBytes(
      await download(`/api/certificates/${id}/pdf`),
      PDF_CHECK_MAX_MEGABYTES * 1024 * 1024 - 4096,
    );
    // Hashing 35 MB takes far longer than a millisecond on any machine: the check runs out of its budget.
    const hurried = await buildTestApp(database.db, {
      settings: {
        pdfRendering: { threads: 2, timeoutMs: 30_000, timeoutMsByKind: { 'seal-check': 1 }, memoryMb: 512, queue: 4 },
      },
    });
    try {
      const body = multipartBody(stretched, 'document.pdf', 'application/pdf');
      const response = await hurried.inject({
        method: 'POST',
        url: '/api/verify/pdf',
        headers: body.headers,
        payload: body.payload,
      });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response)).toMatchObject({
        code: 'document_too_large',
        message: PDF_CHECK_MESSAGES.tooLong,
      });
    } finally {
      await hurried.close();
    }
  });

  it('refuses anything but one bounded PDF upload', async () => {
    const notPdf = await check(Buffer.from('GIF89a not a pdf'));
    expect(notPdf.statusCode).toBe(422);
    expect(errorOf(notPdf).message).toBe('This file is not a PDF. Choose the PDF you were given.');
    const json = await app.inject({ method: 'POST', url: '/api/verify/pdf', payload: { file: '%PDF-1.7' } });
    expect(json.statusCode).toBe(415);
    const large = await check(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(35 * 1024 * 1024 + 1)]));
    expect(large.statusCode).toBe(413);
    expect(await checked(Buffer.from('%PDF-1.7\n/ByteRange [0 10 20 30]\n/Contents <00>'))).toEqual({
      result: 'not_issued',
      document: null,
    });
  });
});

describe("an operator's own sealing certificate (PDF_SEAL_P12)", () => {
  it('seals with it, and refuses to start with a wrong passphrase', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'tradecert-p12-'));
    try {
      const key = path.join(directory, 'key.pem');
      const certificate = path.join(directory, 'cert.pem');
      const p12 = path.join(directory, 'seal.p12');
      execFileSync('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        key,
        '-out',
        certificate,
        '-days',
        '30',
        '-subj',
        '/CN=Harbour Operator Seal',
      ]);
      execFileSync('openssl', [
        'pkcs12',
        '-export',
        '-inkey',
        key,
        '-in',
        certificate,
        '-out',
        p12,
        '-passout',
        'pass:s3cret',
      ]);
      const bytes = readFileSync(p12);
      const wrong = buildTestApp(database.db, { settings: { pdfSealP12: { bytes, passphrase: 'wrong' } } });
      await expect(wrong).rejects.toThrow(/PDF_SEAL_P12 could not be opened/);

      const operated = await buildTestApp(database.db, { settings: { pdfSealP12: { bytes, passphrase: 's3cret' } } });
      try {
        const session = await owner();
        const id = await createCompletedCertificate(app, session);
        const pdf = (await operated.inject({ url: `/api/certificates/${id}/pdf` })).rawPayload;
        const report = await pdfSignatures(pdf);
        expect(report).toContain('Signer Certificate Common Name: Harbour Operator Seal');
        expect(report).toContain('Signature is Valid.');
        // Its own certificate is self-signed: it is the root a reader is offered to trust.
        const root = await operated.inject({ url: '/api/verify/seal-root' });
        expect(root.rawPayload.equals(execFileSync('openssl', ['x509', '-in', certificate, '-outform', 'der']))).toBe(
          true,
        );
        // One server's seal is not another's: the default app does not know this certificate.
        expect(
          (await operated.inject({ method: 'POST', url: '/api/verify/pdf', ...multipartRequest(pdf) })).json(),
        ).toMatchObject({ result: 'genuine' });
        expect(await checked(pdf)).toEqual({ result: 'not_issued', document: null });
      } finally {
        await operated.close();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

const multipartRequest = (pdf: Buffer) => {
  const body = multipartBody(pdf, 'document.pdf', 'application/pdf');
  return { headers: body.headers, payload: body.payload };
};
