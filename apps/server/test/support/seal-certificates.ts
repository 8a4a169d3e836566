import { execFile } from 'node:child_process';
import { webcrypto } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { type SealIdentity, sealCrypto } from '../../src/platform/crypto/seal-identity.ts';

const run = promisify(execFile);

async function inDirectory<T>(work: (directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-seal-'));
  try {
    return await work(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** A DER certificate's validity as openssl reads it. */
export const certificateDates = (certificate: Uint8Array) =>
  inDirectory(async (directory) => {
    const file = path.join(directory, 'certificate.der');
    await writeFile(file, certificate);
    const { stdout } = await run('openssl', ['x509', '-inform', 'der', '-in', file, '-noout', '-dates']);
    // e.g. notAfter=Nov 18 01:08:46 2066 GMT
    const date = (name: string) => new Date(new RegExp(`^${name}=(.+)$`, 'm').exec(stdout)?.[1] ?? '');
    return { notBefore: date('notBefore'), notAfter: date('notAfter') };
  });

/**
 * What pdfsig says of a PDF when `root` (DER) is trusted in a fresh NSS database: trusted to issue
 * signing (S/MIME, `,C,`) certificates, which is what pdfsig judges a PDF signature's signer by.
 */
export const pdfSignaturesTrusting = (pdf: Buffer, root: Uint8Array) =>
  inDirectory(async (directory) => {
    const nss = `sql:${path.join(directory, 'nss')}`;
    await mkdir(path.join(directory, 'nss'));
    await writeFile(path.join(directory, 'root.der'), root);
    await writeFile(path.join(directory, 'document.pdf'), pdf);
    await run('certutil', ['-N', '-d', nss, '--empty-password']);
    await run('certutil', ['-A', '-n', 'tradecert', '-t', ',C,', '-i', path.join(directory, 'root.der'), '-d', nss]);
    return (await run('pdfsig', ['-nssdir', nss, path.join(directory, 'document.pdf')])).stdout;
  });

const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
};

/**
 * The seal as the first releases stored it in app_secrets (`stored`): valid from yesterday for 30
 * years, its end (2056) written as a two-digit UTCTime, so every reader takes it for 1956; and the
 * identity those releases sealed with.
 */
export async function brokenStoredSeal(
  now: Date,
): Promise<{ stored: { key: string; certificate: string; root: string }; identity: SealIdentity }> {
  const root = await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify']);
  const leaf = await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify']);
  const from = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const to = new Date(from.getTime() + 30 * 365 * 24 * 60 * 60 * 1000);
  const make = async (subject: string, key: webcrypto.CryptoKey, serial: number) => {
    const certificate = new pkijs.Certificate();
    certificate.version = 2;
    certificate.serialNumber = new asn1js.Integer({ value: serial });
    const name = (value: string) =>
      new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value }) });
    certificate.subject.typesAndValues.push(name(subject));
    certificate.issuer.typesAndValues.push(name('TradeCert Root (self-signed)'));
    // pkijs's default: UTCTime, whatever the year.
    certificate.notBefore.value = from;
    certificate.notAfter.value = to;
    await certificate.subjectPublicKeyInfo.importKey(key as never, sealCrypto);
    await certificate.sign(root.privateKey as never, 'SHA-256', sealCrypto);
    return Buffer.from(certificate.toSchema(true).toBER(false)).toString('base64');
  };
  const stored = {
    key: Buffer.from(await webcrypto.subtle.exportKey('pkcs8', leaf.privateKey)).toString('base64'),
    certificate: await make('TradeCert document seal', leaf.publicKey, 2),
    root: await make('TradeCert Root (self-signed)', root.publicKey, 1),
  };
  const certificate = new Uint8Array(Buffer.from(stored.certificate, 'base64'));
  const rootCertificate = new Uint8Array(Buffer.from(stored.root, 'base64'));
  const key = { pkcs8: new Uint8Array(Buffer.from(stored.key, 'base64')), certificate, chain: [rootCertificate] };
  return { stored, identity: { key, certificate, retired: [], root: rootCertificate } };
}
