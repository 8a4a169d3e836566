import { webcrypto } from 'node:crypto';
import { CryptoKeySigner, P12Signer, type Signer } from '@libpdf/core';
import * as asn1js from 'asn1js';
import { sql } from 'drizzle-orm';
import * as pkijs from 'pkijs';
import type { Queryable } from '../../db/client.ts';
import { appSecrets } from './secrets.schema.ts';
import { loadOnce } from './tokens.ts';

/**
 * Who seals our PDFs (ADR 0041): a signer (the private key, never leaving this process) and the
 * DER certificate a sealed PDF must carry for us to call it ours.
 */
export type SealIdentity = { readonly signer: Signer; readonly certificate: Uint8Array };

type CryptoKey = webcrypto.CryptoKey;
const crypto = webcrypto;
/**
 * pkijs with Node's WebCrypto (its types are the DOM's), handed to each call: @libpdf/core installs
 * an engine of its own as pkijs's global one.
 */
export const sealCrypto = new pkijs.CryptoEngine({ name: 'tradecert-node', crypto: crypto as never });

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const RSA_KEY = { ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) };
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** What app_secrets keeps: the leaf's private key (PKCS#8) and certificate, and the root's certificate (base64 DER). */
type StoredIdentity = { key: string; certificate: string; root: string };

const SECRET_NAME = 'pdf-seal';

/**
 * The default seal: a root and a leaf certificate made at first start, as DocuSeal does, and kept in
 * `app_secrets` as the JWT key is, so every instance seals with the same key. The root's private key
 * signs the leaf and is then dropped: nothing else is ever issued under it.
 */
export function storedSealIdentity(db: Queryable, name = SECRET_NAME): () => Promise<SealIdentity> {
  return loadOnce(async () => {
    const existing = await readStored(db, name);
    if (existing) return identityOf(existing);
    const made = await makeIdentity(new Date());
    await db.execute(sql`
      insert into ${appSecrets} (name, value) values (${name}, ${JSON.stringify(made)})
      on conflict (name) do nothing`);
    // Another instance may have won the insert: everyone seals with the stored one.
    const stored = await readStored(db, name);
    if (!stored) throw new Error('PDF seal missing after insert');
    return identityOf(stored);
  });
}

/** An operator's own certificate and key (PDF_SEAL_P12): refused at start when it cannot be read. */
export async function p12SealIdentity(p12: Uint8Array, passphrase: string): Promise<SealIdentity> {
  let signer: P12Signer;
  try {
    signer = await P12Signer.create(p12, passphrase);
  } catch (error) {
    throw new Error(`PDF_SEAL_P12 could not be opened with PDF_SEAL_P12_PASSPHRASE: ${(error as Error).message}`);
  }
  return { signer, certificate: signer.certificate };
}

/** A seal made now and kept nowhere (the benchmark's). */
export async function throwawaySealIdentity(): Promise<SealIdentity> {
  return identityOf(await makeIdentity(new Date()));
}

async function readStored(db: Queryable, name: string): Promise<StoredIdentity | null> {
  const { rows } = await db.execute<{ value: string }>(
    sql`select ${appSecrets.value} as value from ${appSecrets} where ${appSecrets.name} = ${name}`,
  );
  return rows[0] ? (JSON.parse(rows[0].value) as StoredIdentity) : null;
}

async function identityOf(stored: StoredIdentity): Promise<SealIdentity> {
  const key = await crypto.subtle.importKey('pkcs8', Buffer.from(stored.key, 'base64'), RSA, false, ['sign']);
  const certificate = new Uint8Array(Buffer.from(stored.certificate, 'base64'));
  const root = new Uint8Array(Buffer.from(stored.root, 'base64'));
  return { signer: new CryptoKeySigner(key, certificate, 'RSA', 'RSASSA-PKCS1-v1_5', [root]), certificate };
}

async function makeIdentity(now: Date): Promise<StoredIdentity> {
  const root = await crypto.subtle.generateKey(RSA_KEY, true, ['sign', 'verify']);
  const leaf = await crypto.subtle.generateKey(RSA_KEY, true, ['sign', 'verify']);
  const rootName = 'TradeCert Root (self-signed)';
  const validity = { from: new Date(now.getTime() - 24 * 60 * 60 * 1000), to: new Date(now.getTime() + 30 * YEAR_MS) };
  const rootCertificate = await certificate({
    subject: rootName,
    issuer: rootName,
    key: root.publicKey,
    signedBy: root.privateKey,
    authority: true,
    serial: 1,
    validity,
  });
  const leafCertificate = await certificate({
    subject: 'TradeCert document seal',
    issuer: rootName,
    key: leaf.publicKey,
    signedBy: root.privateKey,
    authority: false,
    serial: 2,
    validity,
  });
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', leaf.privateKey);
  return {
    key: Buffer.from(pkcs8).toString('base64'),
    certificate: Buffer.from(leafCertificate).toString('base64'),
    root: Buffer.from(rootCertificate).toString('base64'),
  };
}

const commonName = (value: string) =>
  new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value }) });

async function certificate(options: {
  subject: string;
  issuer: string;
  key: CryptoKey;
  signedBy: CryptoKey;
  authority: boolean;
  serial: number;
  validity: { from: Date; to: Date };
}): Promise<Uint8Array> {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ value: options.serial });
  cert.subject.typesAndValues.push(commonName(options.subject));
  cert.issuer.typesAndValues.push(commonName(options.issuer));
  cert.notBefore.value = options.validity.from;
  cert.notAfter.value = options.validity.to;
  const constraints = new pkijs.BasicConstraints({ cA: options.authority });
  // keyCertSign + cRLSign for the root; digitalSignature + nonRepudiation for the seal.
  const usage = new asn1js.BitString({
    valueHex: new Uint8Array([options.authority ? 0x06 : 0xc0]).buffer,
    unusedBits: 1,
  });
  cert.extensions = [
    new pkijs.Extension({
      extnID: '2.5.29.19',
      critical: true,
      extnValue: constraints.toSchema().toBER(false),
      parsedValue: constraints,
    }),
    new pkijs.Extension({ extnID: '2.5.29.15', critical: true, extnValue: usage.toBER(false) }),
  ];
  await cert.subjectPublicKeyInfo.importKey(options.key, sealCrypto);
  await cert.sign(options.signedBy, 'SHA-256', sealCrypto);
  return new Uint8Array(cert.toSchema(true).toBER(false));
}
