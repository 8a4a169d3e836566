import { createHash, createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { type SignableDocumentKind, signableDocumentKinds } from '@app/contract';
import { PDF, type Signer } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { type SealIdentity, type SealKey, sealCrypto, signerOf } from '../crypto/seal-identity.ts';
import { definePdfBytesJob, type PdfRenderer } from './render-pool.ts';

/**
 * The seal on every PDF we issue (ADR 0041): a PAdES signature (`ETSI.CAdES.detached`,
 * level B-B) over the whole file, by our sealing certificate, naming the document version it is.
 * `@libpdf/core` (a beta, pinned) does the signing; nothing outside this file imports it for PDFs.
 */
export type SealedVersion = {
  /** Every kind of document we issue can be signed, so the signable kinds are the kinds sealed. */
  kind: SignableDocumentKind;
  documentId: string;
  version: number;
  /** The version's content fingerprint, as the documents kernel keeps it. */
  fingerprint: string;
};

/** What a PDF's seal says: not ours (or none), ours but changed since, or ours and intact. */
export type SealCheck = { status: 'not_sealed' } | { status: 'altered' } | { status: 'intact'; sealed: SealedVersion };

/** `owner`: whose PDF it is, or for an anonymous upload the client's address (the workers' fairness). */
export interface PdfSealer {
  seal(pdf: Buffer, version: SealedVersion, options: { owner: string }): Promise<Buffer>;
  check(pdf: Buffer, options: { owner: string }): Promise<SealCheck>;
}

/** Room kept for the CMS signature: two 2048-bit RSA certificates and the signature fit in 4 KB. */
const SIGNATURE_BYTES = 8192;
const FIELD_NAME = 'TradeCert seal';
const REASON =
  /\/Reason \(TradeCert seal: ([a-z_]+) ([0-9a-f-]{36}) version ([1-9]\d{0,5}) fingerprint ([0-9a-f]{64})\)/;

const reasonOf = ({ kind, documentId, version, fingerprint }: SealedVersion) =>
  `TradeCert seal: ${kind} ${documentId} version ${version} fingerprint ${fingerprint}`;

/**
 * Sealing a PDF and checking an uploaded one are CPU work on up to 35 MB: they run in the PDF
 * workers, under the same time, memory and per-owner budgets as a render (ADR 0062).
 */
export class PdfSeal implements PdfSealer {
  constructor(
    private readonly identity: () => Promise<SealIdentity>,
    /** Where the seal says it was made: the public origin. */
    private readonly location: () => string,
    private readonly workers: PdfRenderer,
  ) {}

  async seal(pdf: Buffer, version: SealedVersion, { owner }: { owner: string }): Promise<Buffer> {
    const { key } = await this.identity();
    return this.workers.render(sealPdfJob, { pdf, key, version, location: this.location() }, { owner });
  }

  async check(pdf: Buffer, { owner }: { owner: string }): Promise<SealCheck> {
    const { certificate, retired } = await this.identity();
    // A seal replaced since (ADR 0061) still marks a PDF as ours.
    return this.workers.render(sealCheckJob, { pdf, ours: [certificate, ...retired] }, { owner });
  }
}

type SealInput = { pdf: Buffer; key: SealKey; version: SealedVersion; location: string };

/** Seals `pdf` as `version`, by the seal `key` makes (in a worker: the job below). */
export async function sealPdf({ pdf, key, version, location }: SealInput): Promise<Buffer> {
  const document = withoutReloadAfterSigning(await PDF.load(pdf));
  const { bytes } = await document.sign({
    signer: await signerFor(key),
    reason: reasonOf(version),
    location,
    fieldName: FIELD_NAME,
    subFilter: 'ETSI.CAdES.detached',
    level: 'B-B',
    estimatedSize: SIGNATURE_BYTES,
  });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Reads the last signature of `pdf` without parsing the document (an upload is anyone's bytes): the
 * signature dictionary's byte range and contents, the CMS, its signer (one of `ours`), then the digest.
 */
export async function checkSeal({ pdf, ours }: { pdf: Buffer; ours: readonly Uint8Array[] }): Promise<SealCheck> {
  const found = lastSignature(pdf);
  if (!found) return { status: 'not_sealed' };
  const parsed = parseSignedData(found.contents);
  if (!parsed) return { status: 'not_sealed' };
  if (!ours.some((certificate) => signedByUs(parsed.signed, certificate))) return { status: 'not_sealed' };
  // The signature's hex is not covered by the digest: it must be exactly what we wrote (upper-case
  // DER, then zeros), or a changed byte there would pass unnoticed.
  if (!canonicalContents(found, parsed.length)) return { status: 'altered' };
  const signed = parsed.signed;
  const data = Buffer.concat([
    pdf.subarray(0, found.range[1]),
    pdf.subarray(found.range[2], found.range[2] + found.range[3]),
  ]);
  if (!(await verifies(signed, data))) return { status: 'altered' };
  // Bytes after the seal (an incremental update) change what a reader shows: not what we issued.
  if (found.range[2] + found.range[3] !== pdf.length) return { status: 'altered' };
  const reason = REASON.exec(found.dictionary);
  const kind = signableDocumentKinds.find((name) => name === reason?.[1]);
  if (!reason || !kind) return { status: 'not_sealed' };
  return {
    status: 'intact',
    sealed: { kind, documentId: reason[2] ?? '', version: Number(reason[3]), fingerprint: reason[4] ?? '' },
  };
}

/** Signers made in this worker, by their key's fingerprint: the current seal and, briefly, one replaced (ADR 0061). */
const signers = new Map<string, Promise<Signer>>();
const SIGNERS_KEPT = 2;

/**
 * Importing the private key and parsing its certificates took a fifth of a seal; a key arrives in
 * every job (a signer cannot cross threads), so each worker makes its signer once per key. Our own
 * stored key signs through node:crypto (ADR 0096); an operator's PKCS#12 file keeps libpdf's signer.
 */
function signerFor(key: SealKey): Promise<Signer> {
  const hash = createHash('sha256');
  if ('p12' in key) hash.update('p12').update(key.p12).update(key.passphrase);
  else hash.update('pkcs8').update(key.pkcs8).update(key.certificate);
  const fingerprint = hash.digest('hex');
  let signer = signers.get(fingerprint);
  if (!signer) {
    signer = 'pkcs8' in key ? Promise.resolve(new NodeRsaSigner(key)) : signerOf(key);
    signer.catch(() => signers.delete(fingerprint));
    if (signers.size >= SIGNERS_KEPT) signers.delete(signers.keys().next().value as string);
    signers.set(fingerprint, signer);
  }
  return signer;
}

/**
 * RSA PKCS#1 v1.5, as WebCrypto's signer makes it, from a key imported once, on the worker's own
 * thread: WebCrypto's `sign` is a round trip to libuv's thread pool, which waits behind everything
 * else queued there on a busy machine (ADR 0096). The signature bytes are the same (PKCS#1 v1.5 is
 * deterministic).
 */
class NodeRsaSigner implements Signer {
  readonly keyType = 'RSA';
  readonly signatureAlgorithm = 'RSASSA-PKCS1-v1_5';
  readonly certificate: Uint8Array;
  readonly certificateChain: Uint8Array[];
  private readonly privateKey: KeyObject;

  constructor(key: { pkcs8: Uint8Array; certificate: Uint8Array; chain: readonly Uint8Array[] }) {
    this.privateKey = createPrivateKey({ key: Buffer.from(key.pkcs8), format: 'der', type: 'pkcs8' });
    this.certificate = key.certificate;
    this.certificateChain = [...key.chain];
  }

  async sign(data: Uint8Array, algorithm: 'SHA-256' | 'SHA-384' | 'SHA-512'): Promise<Uint8Array> {
    return new Uint8Array(sign(algorithm, data, this.privateKey));
  }
}

/**
 * `sign` parses the signed file again (`reload`) so its caller can keep editing, then saves once
 * more: a third of a seal, for a document we only want the bytes of. Here the bytes `sign` hands
 * to `reload` are the result, and the last `save` returns them as they are.
 */
function withoutReloadAfterSigning(document: PDF): PDF {
  let signed: Uint8Array | undefined;
  const save = document.save.bind(document);
  document.reload = async (bytes) => {
    signed = bytes;
  };
  document.save = (options) => (signed ? Promise.resolve(signed) : save(options));
  return document;
}

export const sealPdfJob = definePdfBytesJob('seal', sealPdf, { movesPdf: false });
/** An upload is checked once: its bytes move to the worker. */
export const sealCheckJob = definePdfBytesJob('seal-check', checkSeal, { movesPdf: true });

type FoundSignature = { range: [number, number, number, number]; hex: string; contents: Buffer; dictionary: string };

const BYTE_RANGE = /^\/ByteRange\s*\[\s*0\s+(\d{1,10})\s+(\d{1,10})\s+(\d{1,10})\s*\]/;
/** A signature dictionary is small; its contents are a few KB of hex. */
const DICTIONARY_BYTES = 64 * 1024;

function lastSignature(pdf: Buffer): FoundSignature | null {
  const at = pdf.lastIndexOf('/ByteRange');
  if (at < 0) return null;
  const match = BYTE_RANGE.exec(pdf.subarray(at, at + 100).toString('latin1'));
  if (!match) return null;
  const range: [number, number, number, number] = [0, Number(match[1]), Number(match[2]), Number(match[3])];
  const [, firstEnd, secondStart, secondLength] = range;
  if (firstEnd <= at || secondStart <= firstEnd + 2 || secondStart + secondLength > pdf.length) return null;
  if (secondStart - firstEnd > DICTIONARY_BYTES) return null;
  // The gap between the ranges is exactly the hex string `<…>` of /Contents.
  const gap = pdf.subarray(firstEnd, secondStart).toString('latin1');
  if (!/^<[0-9A-Fa-f]+>$/.test(gap)) return null;
  const start = pdf.lastIndexOf('obj', at);
  const end = pdf.indexOf('endobj', secondStart);
  if (start < 0 || end < 0 || at - start > DICTIONARY_BYTES || end - secondStart > DICTIONARY_BYTES) return null;
  const dictionary = `${pdf.subarray(start, firstEnd).toString('latin1')}${pdf.subarray(secondStart, end).toString('latin1')}`;
  const hex = gap.slice(1, -1);
  return { range, hex, contents: Buffer.from(hex, 'hex'), dictionary };
}

/** The CMS SignedData, and the length of its DER (the rest of /Contents is padding). */
function parseSignedData(der: Buffer): { signed: pkijs.SignedData; length: number } | null {
  try {
    const parsed = asn1js.fromBER(new Uint8Array(der).buffer);
    if (parsed.offset === -1) return null;
    const info = new pkijs.ContentInfo({ schema: parsed.result });
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) return null;
    return { signed: new pkijs.SignedData({ schema: info.content }), length: parsed.offset };
  } catch {
    return null;
  }
}

const canonicalContents = ({ hex, contents }: FoundSignature, length: number) =>
  hex === contents.toString('hex').toUpperCase() && contents.subarray(length).every((byte) => byte === 0);

/** The signer's certificate is our sealing certificate, byte for byte. */
function signedByUs(signed: pkijs.SignedData, ours: Uint8Array): boolean {
  const signer = signed.signerInfos[0];
  if (signed.signerInfos.length !== 1 || !signer || !(signer.sid instanceof pkijs.IssuerAndSerialNumber)) return false;
  const sid = signer.sid;
  const certificate = signed.certificates?.find(
    (entry): entry is pkijs.Certificate =>
      entry instanceof pkijs.Certificate &&
      entry.serialNumber.isEqual(sid.serialNumber) &&
      entry.issuer.isEqual(sid.issuer),
  );
  return !!certificate && Buffer.from(certificate.toSchema().toBER(false)).equals(ours);
}

async function verifies(signed: pkijs.SignedData, data: Buffer): Promise<boolean> {
  try {
    const result = await signed.verify(
      { signer: 0, data: new Uint8Array(data).buffer, checkChain: false, extendedMode: true },
      sealCrypto,
    );
    return result.signatureVerified === true;
  } catch {
    return false;
  }
}
