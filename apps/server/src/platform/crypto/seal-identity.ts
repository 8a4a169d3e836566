import { webcrypto } from 'node:crypto';
import { CryptoKeySigner, P12Signer, type Signer } from '@libpdf/core';
import * as asn1js from 'asn1js';
import { sql } from 'drizzle-orm';
import * as pkijs from 'pkijs';
import { z } from 'zod/mini';
import type { Queryable } from '../../db/client.ts';
import { appSecrets } from './secrets.schema.ts';
import { loadOnce } from './tokens.ts';

/**
 * Who seals our PDFs (ADR 0041): the private key (never leaving this process), the DER
 * certificate a sealed PDF must carry for us to call it ours, the sealing certificates used before
 * (a PDF they sealed is still ours; nothing is sealed with them again) and, when we hold it, the
 * self-signed root a reader may be told to trust.
 */
export type SealIdentity = {
  readonly key: SealKey;
  readonly certificate: Uint8Array;
  readonly retired: readonly Uint8Array[];
  readonly root: Uint8Array | undefined;
};

/**
 * The private key and its certificates as bytes: sealing runs in a PDF worker thread (ADR 0062), and a
 * signer cannot cross to it. The stored seal's key (PKCS#8), or the operator's PKCS#12 file.
 */
export type SealKey =
  | { readonly pkcs8: Uint8Array; readonly certificate: Uint8Array; readonly chain: readonly Uint8Array[] }
  | { readonly p12: Uint8Array; readonly passphrase: string };

/** The signer a seal key makes, where the sealing runs. */
export async function signerOf(key: SealKey): Promise<Signer> {
  if ('p12' in key) return P12Signer.create(key.p12, key.passphrase);
  const privateKey = await crypto.subtle.importKey('pkcs8', key.pkcs8, RSA, false, ['sign']);
  return new CryptoKeySigner(privateKey, key.certificate, 'RSA', 'RSASSA-PKCS1-v1_5', [...key.chain]);
}

type CryptoKey = webcrypto.CryptoKey;
const crypto = webcrypto;
/**
 * pkijs with Node's WebCrypto (its types are the DOM's), handed to each call: @libpdf/core installs
 * an engine of its own as pkijs's global one.
 */
export const sealCrypto = new pkijs.CryptoEngine({ name: 'tradecert-node', crypto: crypto as never });

const RSA = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const RSA_KEY = { ...RSA, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) };
const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;
/**
 * A sealed PDF has no timestamp (ADR 0041): a reader judges its certificate at the time it reads it,
 * so the seal lasts long, and the root outlives it.
 */
const LEAF_YEARS = 30;
const ROOT_YEARS = 40;
/** A stored seal this close to its end is replaced, so no PDF is sealed by a certificate about to expire. */
const RENEW_BEFORE_MS = YEAR_MS;

/**
 * What app_secrets keeps (base64 DER): the leaf's private key (PKCS#8) and certificate, the root's
 * certificate, and the sealing certificates replaced before it (ADR 0061).
 */
const storedIdentitySchema = z.object({
  key: z.string(),
  certificate: z.string(),
  root: z.string(),
  retired: z.optional(z.array(z.string())),
});
type StoredIdentity = z.output<typeof storedIdentitySchema>;

const SECRET_NAME = 'pdf-seal';

/**
 * The default seal: a root and a leaf certificate made at first start, as DocuSeal does, and kept in
 * `app_secrets` as the JWT key is, so every instance seals with the same key. The root's private key
 * signs the leaf and is then dropped: nothing else is ever issued under it. A stored seal that is
 * unusable (unreadable, its dates wrong or near their end, its chain or key not matching) is
 * replaced when it is first loaded, its certificate kept among the retired ones (ADR 0061).
 */
export function storedSealIdentity(db: Queryable, name = SECRET_NAME): () => Promise<SealIdentity> {
  return loadOnce(async () => {
    const now = new Date();
    const stored = await readStored(db, name);
    if (stored?.identity && (await usable(stored.identity, now))) return identityOf(stored.identity);
    const made = await makeIdentity(now, stored?.identity ? retiredAfter(stored.identity) : []);
    const value = JSON.stringify(made);
    // Only the value read is replaced: when instances race, the first write wins and the others read it.
    await db.execute(
      stored
        ? sql`update ${appSecrets} set value = ${value} where ${appSecrets.name} = ${name} and ${appSecrets.value} = ${stored.value}`
        : sql`insert into ${appSecrets} (name, value) values (${name}, ${value}) on conflict (name) do nothing`,
    );
    const current = await readStored(db, name);
    if (!current?.identity || !(await usable(current.identity, now)))
      throw new Error('PDF seal unusable after making it');
    return identityOf(current.identity);
  });
}

/**
 * An operator's own certificate and key (PDF_SEAL_P12): refused at start when it cannot be read. Its
 * root is served for trusting only when the file holds a self-signed one (a CA's is trusted already).
 */
export async function p12SealIdentity(p12: Uint8Array, passphrase: string): Promise<SealIdentity> {
  let signer: P12Signer;
  try {
    signer = await P12Signer.create(p12, passphrase);
  } catch (error) {
    throw new Error(`PDF_SEAL_P12 could not be opened with PDF_SEAL_P12_PASSPHRASE: ${(error as Error).message}`);
  }
  const top = signer.certificateChain.at(-1) ?? signer.certificate;
  return {
    key: { p12, passphrase },
    certificate: signer.certificate,
    retired: [],
    root: selfSigned(top) ? top : undefined,
  };
}

/** A seal made now and kept nowhere (the benchmark's). */
export async function throwawaySealIdentity(): Promise<SealIdentity> {
  return identityOf(await makeIdentity(new Date(), []));
}

async function readStored(
  db: Queryable,
  name: string,
): Promise<{ value: string; identity: StoredIdentity | undefined } | null> {
  const { rows } = await db.execute<{ value: string }>(
    sql`select ${appSecrets.value} as value from ${appSecrets} where ${appSecrets.name} = ${name}`,
  );
  const value = rows[0]?.value;
  if (value === undefined) return null;
  try {
    return { value, identity: storedIdentitySchema.parse(JSON.parse(value)) };
  } catch {
    return { value, identity: undefined };
  }
}

const der = (base64: string) => Uint8Array.from(Buffer.from(base64, 'base64'));
const parsedCertificate = (bytes: Uint8Array) => pkijs.Certificate.fromBER(Uint8Array.from(bytes));
const importLeafKey = (stored: StoredIdentity) =>
  crypto.subtle.importKey('pkcs8', der(stored.key), RSA, false, ['sign']);

/**
 * Sealing with it gives a PDF every reader accepts: the leaf valid now and for a while yet, inside
 * the root's validity and signed by it, and the key the leaf's.
 */
async function usable(stored: StoredIdentity, now: Date): Promise<boolean> {
  try {
    const leaf = parsedCertificate(der(stored.certificate));
    const root = parsedCertificate(der(stored.root));
    const [from, to] = [leaf.notBefore.value.getTime(), leaf.notAfter.value.getTime()];
    const datesHold =
      from <= now.getTime() + DAY_MS &&
      to - now.getTime() > RENEW_BEFORE_MS &&
      root.notBefore.value.getTime() <= from &&
      root.notAfter.value.getTime() >= to;
    if (!datesHold || !(await leaf.verify(root, sealCrypto))) return false;
    const probe = new Uint8Array([1]);
    const signature = await crypto.subtle.sign(RSA, await importLeafKey(stored), probe);
    return await crypto.subtle.verify(RSA, await leaf.getPublicKey(undefined, sealCrypto), signature, probe);
  } catch {
    return false;
  }
}

/** The certificates a replaced seal leaves: the ones it had retired, and its own. */
const retiredAfter = (replaced: StoredIdentity) => [...(replaced.retired ?? []), replaced.certificate];

function selfSigned(certificate: Uint8Array): boolean {
  try {
    const parsed = parsedCertificate(certificate);
    return parsed.subject.isEqual(parsed.issuer);
  } catch {
    return false;
  }
}

function identityOf(stored: StoredIdentity): SealIdentity {
  const certificate = der(stored.certificate);
  const root = der(stored.root);
  return {
    key: { pkcs8: der(stored.key), certificate, chain: [root] },
    certificate,
    retired: (stored.retired ?? []).map(der),
    root,
  };
}

async function makeIdentity(now: Date, retired: string[]): Promise<StoredIdentity> {
  const root = await crypto.subtle.generateKey(RSA_KEY, true, ['sign', 'verify']);
  const leaf = await crypto.subtle.generateKey(RSA_KEY, true, ['sign', 'verify']);
  const rootName = 'TradeCert Root (self-signed)';
  const from = new Date(now.getTime() - DAY_MS);
  const rootCertificate = await certificate({
    subject: rootName,
    issuer: rootName,
    key: root.publicKey,
    signedBy: root.privateKey,
    authority: true,
    validity: { from, to: new Date(from.getTime() + ROOT_YEARS * YEAR_MS) },
  });
  const leafCertificate = await certificate({
    subject: 'TradeCert document seal',
    issuer: rootName,
    key: leaf.publicKey,
    signedBy: root.privateKey,
    authority: false,
    validity: { from, to: new Date(from.getTime() + LEAF_YEARS * YEAR_MS) },
  });
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', leaf.privateKey);
  return {
    key: Buffer.from(pkcs8).toString('base64'),
    certificate: Buffer.from(leafCertificate).toString('base64'),
    root: Buffer.from(rootCertificate).toString('base64'),
    retired,
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
  validity: { from: Date; to: Date };
}): Promise<Uint8Array> {
  const cert = new pkijs.Certificate();
  cert.version = 2;
  // Random serials: two installations' roots share a name, and a store refuses a reused issuer and serial.
  const serial = webcrypto.getRandomValues(new Uint8Array(16));
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x40;
  cert.serialNumber = new asn1js.Integer({ valueHex: serial.buffer });
  cert.subject.typesAndValues.push(commonName(options.subject));
  cert.issuer.typesAndValues.push(commonName(options.issuer));
  cert.notBefore = validityTime(options.validity.from);
  cert.notAfter = validityTime(options.validity.to);
  const constraints = new pkijs.BasicConstraints({ cA: options.authority });
  // keyCertSign + cRLSign for the root; digitalSignature + nonRepudiation for the seal.
  const usage = new asn1js.BitString({
    valueHex: new Uint8Array([options.authority ? 0x06 : 0xc0]).buffer,
    unusedBits: options.authority ? 1 : 6,
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

/**
 * RFC 5280 §4.1.2.5: UTCTime through 2049, GeneralizedTime from 2050 (a two-digit 56 reads as 1956),
 * in whole seconds (a GeneralizedTime with a fraction is refused by NSS).
 */
const validityTime = (value: Date) =>
  new pkijs.Time({
    type: value.getUTCFullYear() < 2050 ? pkijs.TimeType.UTCTime : pkijs.TimeType.GeneralizedTime,
    value: new Date(Math.floor(value.getTime() / 1000) * 1000),
  });
