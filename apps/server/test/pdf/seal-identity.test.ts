import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SEAL_ROOT_NOT_SERVED_MESSAGE, type Session } from '@app/contract';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { storedSealIdentity } from '../../src/platform/crypto/seal-identity.ts';
import { PdfSeal } from '../../src/platform/pdf/seal.ts';
import { buildTestApp, setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { createCompletedCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { multipartBody } from '../support/multipart.ts';
import { pdfSignatures } from '../support/pdf-tools.ts';
import { errorOf } from '../support/responses.ts';
import { brokenStoredSeal, certificateDates, pdfSignaturesTrusting } from '../support/seal-certificates.ts';

/*
 * ADR 0061: the seal's certificates are dated as RFC 5280 says, a stored seal that is broken is
 * replaced while the PDFs it sealed stay ours, and anyone may download the seal's root to trust it.
 */

const { database, mail, app, query } = setUpTestApp();
type App = typeof app;

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

async function owner() {
  const session = await registerConfirmedUser(app, mail);
  await grantPremium(database.db, session.user.id);
  return session;
}

const storedSeal = async (name: string) => {
  const { rows } = await query('select value from app_secrets where name = $1', [name]);
  return JSON.parse(rows[0].value) as { certificate: string; root: string; retired?: string[] };
};

const sealRoot = async (server: App) => {
  const response = await server.inject({ url: '/api/verify/seal-root' });
  expect(response.statusCode).toBe(200);
  return new Uint8Array(response.rawPayload);
};

let ip = 0;
const checked = async (server: App, pdf: Buffer) => {
  const { headers, payload } = multipartBody(pdf, 'document.pdf', 'application/pdf');
  const request = { method: 'POST', url: '/api/verify/pdf', headers, payload } as const;
  const response = await server.inject({ ...request, remoteAddress: `198.51.100.${++ip}` });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const certificatePdf = async (server: App, session: Session) => {
  const id = await createCompletedCertificate(server, session);
  const response = await server.inject({ url: `/api/certificates/${id}/pdf`, headers: bearer(session) });
  expect(response.statusCode).toBe(200);
  return { id, pdf: response.rawPayload };
};

describe("the seal's certificates", () => {
  it('are dated as RFC 5280 says: the leaf valid for decades, inside its root, which signed it', async () => {
    const now = new Date();
    const { pdf } = await certificatePdf(app, await owner());
    const root = await sealRoot(app);
    const leaf = new Uint8Array(Buffer.from((await storedSeal('pdf-seal')).certificate, 'base64'));
    const rootDates = await certificateDates(root);
    const leafDates = await certificateDates(leaf);
    expect(leafDates.notBefore.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(leafDates.notAfter.getTime() - now.getTime()).toBeGreaterThan(29 * YEAR_MS);
    expect(rootDates.notBefore.getTime()).toBeLessThanOrEqual(leafDates.notBefore.getTime());
    expect(rootDates.notAfter.getTime()).toBeGreaterThan(leafDates.notAfter.getTime());
    // Past 2049 the year takes four digits (GeneralizedTime); a two-digit one would read as 19xx.
    const parsedLeaf = pkijs.Certificate.fromBER(leaf);
    const parsedRoot = pkijs.Certificate.fromBER(root);
    expect(parsedLeaf.notAfter.type).toBe(pkijs.TimeType.GeneralizedTime);
    expect(parsedLeaf.notBefore.type).toBe(pkijs.TimeType.UTCTime);
    expect(parsedRoot.subject.isEqual(parsedRoot.issuer)).toBe(true);
    expect(parsedLeaf.issuer.isEqual(parsedRoot.subject)).toBe(true);

    const report = await pdfSignatures(pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Certificate Validation:');
    expect(report).not.toContain('Expired');
    expect(await pdfSignaturesTrusting(pdf, root)).toContain('Certificate Validation: Certificate is Trusted.');
  });
});

describe('GET /api/verify/seal-root', () => {
  it('serves the root to anyone as a DER certificate download, whatever the query, and counts requests', async () => {
    const response = await app.inject({ url: '/api/verify/seal-root?format=pem&x=%3Cscript%3E&x=2' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pkix-cert');
    expect(response.headers['content-disposition']).toBe('attachment; filename="tradecert-seal-root.cer"');
    expect(Buffer.from(response.rawPayload).equals(Buffer.from((await storedSeal('pdf-seal')).root, 'base64'))).toBe(
      true,
    );
    // A session changes nothing: it is the installation's, not anyone's.
    const withSession = await app.inject({ url: '/api/verify/seal-root', headers: bearer(await owner()) });
    expect(withSession.rawPayload.equals(response.rawPayload)).toBe(true);

    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const wrong = await app.inject({ method, url: '/api/verify/seal-root', payload: { root: 'mine' } });
      expect(wrong.statusCode).toBe(405);
      expect(errorOf(wrong).code).toBe('method_not_allowed');
      expect(wrong.headers.allow).toBe('GET, HEAD');
    }

    const address = '203.0.113.77';
    const statuses = new Set<number>();
    for (let index = 0; index < 121; index++) {
      statuses.add((await app.inject({ url: '/api/verify/seal-root', remoteAddress: address })).statusCode);
    }
    expect([...statuses]).toEqual([200, 429]);
  });

  it("serves the root of an operator's PDF_SEAL_P12 chain, and answers 404 when the file holds no root", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'tradecert-p12-'));
    const file = (name: string) => path.join(directory, name);
    // Paths under the temporary directory hold no spaces.
    const openssl = (command: string) => execFileSync('openssl', command.split(' '), { stdio: 'pipe' });
    try {
      const [ca, caKey, seal, sealKey] = ['ca.pem', 'ca.key', 'seal.pem', 'seal.key'].map(file);
      openssl(`req -x509 -newkey rsa:2048 -nodes -days 30 -subj /CN=Harbour-CA -keyout ${caKey} -out ${ca}`);
      openssl(`req -newkey rsa:2048 -nodes -subj /CN=Harbour-Seal -keyout ${sealKey} -out ${file('seal.csr')}`);
      openssl(`x509 -req -days 20 -CAcreateserial -in ${file('seal.csr')} -CA ${ca} -CAkey ${caKey} -out ${seal}`);
      const p12 = (name: string, extra = '') => {
        openssl(`pkcs12 -export -inkey ${sealKey} -in ${seal}${extra} -out ${file(name)} -passout pass:s3cret`);
        return { bytes: readFileSync(file(name)), passphrase: 's3cret' };
      };

      const withChain = await buildTestApp(database.db, {
        settings: { pdfSealP12: p12('chain.p12', ` -certfile ${ca}`) },
      });
      try {
        expect(Buffer.from(await sealRoot(withChain)).equals(openssl(`x509 -in ${ca} -outform der`))).toBe(true);
      } finally {
        await withChain.close();
      }
      const leafOnly = await buildTestApp(database.db, { settings: { pdfSealP12: p12('leaf.p12') } });
      try {
        const response = await leafOnly.inject({ url: '/api/verify/seal-root' });
        expect(response.statusCode).toBe(404);
        expect(errorOf(response)).toMatchObject({ code: 'not_found', message: SEAL_ROOT_NOT_SERVED_MESSAGE });
      } finally {
        await leafOnly.close();
      }
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('a stored seal that is broken', () => {
  it('is replaced at the next start; the PDFs it sealed still check as ours, new ones are sealed by the new one', async () => {
    const session = await owner();
    const broken = await brokenStoredSeal(new Date());
    // A PDF the broken seal made: what such an installation issued before this start.
    const { id, pdf } = await certificatePdf(app, session);
    const unsealed = Buffer.from(pdf.subarray(0, pdf.indexOf('%%EOF') + 5));
    const fingerprint = (await app.inject({ url: `/api/verify/certificate/${id}/1` })).json().fingerprint;
    const oldPdf = await new PdfSeal(
      async () => broken.identity,
      () => 'http://app.test',
      app.pdfRenderPool,
    ).seal(unsealed, { kind: 'certificate', documentId: id, version: 1, fingerprint }, { owner: session.user.id });
    expect(await pdfSignatures(oldPdf)).toContain('Certificate Validation: Certificate has Expired');
    await query(`update app_secrets set value = $1 where name = 'pdf-seal'`, [JSON.stringify(broken.stored)]);

    const restarted = await buildTestApp(database.db);
    try {
      expect(await checked(restarted, oldPdf)).toMatchObject({ result: 'genuine', document: { version: 1 } });
      const replaced = await storedSeal('pdf-seal');
      expect(replaced.certificate).not.toBe(broken.stored.certificate);
      expect(replaced.retired).toEqual([broken.stored.certificate]);

      const { pdf: newPdf } = await certificatePdf(restarted, session);
      const report = await pdfSignatures(newPdf);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).not.toContain('Expired');
      expect(await pdfSignaturesTrusting(newPdf, await sealRoot(restarted))).toContain(
        'Certificate Validation: Certificate is Trusted.',
      );
      expect(await checked(restarted, newPdf)).toMatchObject({ result: 'genuine' });
    } finally {
      await restarted.close();
    }

    // A start with a sound seal keeps it: nothing is replaced twice.
    const sound = await storedSeal('pdf-seal');
    const again = await buildTestApp(database.db);
    try {
      expect(await checked(again, oldPdf)).toMatchObject({ result: 'genuine' });
      expect(await storedSeal('pdf-seal')).toEqual(sound);
    } finally {
      await again.close();
    }
  });

  it('is replaced once when several instances start together, and an unreadable one is replaced too', async () => {
    const broken = await brokenStoredSeal(new Date());
    await query(`insert into app_secrets (name, value) values ('pdf-seal-race', $1)`, [JSON.stringify(broken.stored)]);
    const instances = await Promise.all([1, 2, 3].map(() => storedSealIdentity(database.db, 'pdf-seal-race')()));
    const stored = await storedSeal('pdf-seal-race');
    for (const instance of instances) {
      expect(Buffer.from(instance.certificate).toString('base64')).toBe(stored.certificate);
      expect(instance.retired.map((certificate) => Buffer.from(certificate).toString('base64'))).toEqual([
        broken.stored.certificate,
      ]);
    }

    await query(`insert into app_secrets (name, value) values ('pdf-seal-unreadable', 'not json')`);
    const replaced = await storedSealIdentity(database.db, 'pdf-seal-unreadable')();
    expect(Buffer.from(replaced.certificate).toString('base64')).toBe(
      (await storedSeal('pdf-seal-unreadable')).certificate,
    );
    expect(replaced.retired).toEqual([]);
  });
});
