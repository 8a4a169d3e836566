import { createHash } from 'node:crypto';
import { type SignableDocumentKind, signableDocumentKinds } from '@app/contract';
import { PDF, type Signer } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { type SealIdentity, type SealKey, sealCrypto, signerOf } from '../crypto/seal-identity.ts';
import { CadesSignature } from './cades-template.ts';
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
  const signing = await signingFor(key);
  const signingTime = new Date();
  const document = await PDF.load(pdf);
  const options = {
    reason: reasonOf(version),
    location,
    fieldName: FIELD_NAME,
    subFilter: 'ETSI.CAdES.detached',
    level: 'B-B',
    estimatedSize: SIGNATURE_BYTES,
    signingTime,
  } as const;
  if (signing instanceof CadesSignature) return signedWith(document, signing, signingTime, options);
  const { bytes } = await withoutReloadAfterSigning(document).sign({ signer: signing, ...options });
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

/** Signing made in this worker, by its key's fingerprint: the current seal and, briefly, one replaced (ADR 0061). */
const signings = new Map<string, Promise<CadesSignature | Signer>>();
const SIGNINGS_KEPT = 2;

/**
 * Importing the private key and parsing its certificates took a fifth of a seal; a key arrives in
 * every job (a signer cannot cross threads), so each worker prepares once per key. Our own stored
 * key gets its CMS from a template encoded once (ADR 0100); an operator's PKCS#12 file keeps
 * libpdf's signer and CMS builder.
 */
function signingFor(key: SealKey): Promise<CadesSignature | Signer> {
  const hash = createHash('sha256');
  if ('p12' in key) hash.update('p12').update(key.p12).update(key.passphrase);
  else hash.update('pkcs8').update(key.pkcs8).update(key.certificate);
  const fingerprint = hash.digest('hex');
  let signing = signings.get(fingerprint);
  if (!signing) {
    signing = 'pkcs8' in key ? Promise.resolve().then(() => new CadesSignature(key)) : signerOf(key);
    signing.catch(() => signings.delete(fingerprint));
    if (signings.size >= SIGNINGS_KEPT) signings.delete(signings.keys().next().value as string);
    signings.set(fingerprint, signing);
  }
  return signing;
}

/** What `signedWith` stops libpdf's `sign` with once the file is sealed: the sealed bytes. */
class Sealed {
  constructor(readonly bytes: Buffer) {}
}

/**
 * libpdf adds the signature field and dictionary and saves the update with room for the signature;
 * from those bytes the seal is finished here: the byte range, its digest (node:crypto, on this
 * thread), our CMS. libpdf's `sign` would go on to build its own CMS, which is what this saves (ADR
 * 0100), so it is stopped by throwing the sealed bytes from the save it awaits.
 */
async function signedWith(
  document: PDF,
  cades: CadesSignature,
  signingTime: Date,
  options: Omit<Parameters<PDF['sign']>[0], 'signer'>,
): Promise<Buffer> {
  const save = document.save.bind(document);
  document.save = async (saveOptions) => {
    const saved = await save(saveOptions);
    const bytes = Buffer.from(saved.buffer, saved.byteOffset, saved.byteLength);
    const room = signatureRoom(bytes);
    bytes.write(
      `[0 ${pad(room.contentsAt - 1)} ${pad(room.contentsEnd + 1)} ${pad(bytes.length - room.contentsEnd - 1)}]`,
      room.byteRangeAt,
      'latin1',
    );
    const digest = createHash('sha256')
      .update(bytes.subarray(0, room.contentsAt - 1))
      .update(bytes.subarray(room.contentsEnd + 1))
      .digest();
    const hex = cades.signedData(digest, signingTime).toString('hex').toUpperCase();
    if (hex.length > room.contentsEnd - room.contentsAt) throw new Error('The seal outgrew its room');
    bytes.write(hex, room.contentsAt, 'latin1');
    throw new Sealed(bytes);
  };
  try {
    await document.sign({ ...options, signer: unusedSigner });
  } catch (error) {
    if (error instanceof Sealed) return error.bytes;
    throw error;
  }
  throw new Error('libpdf signed without saving the update first');
}

/** libpdf writes the byte range as ten-character numbers padded with spaces. */
const pad = (value: number) => String(value).padEnd(10, ' ');
const BYTE_RANGE_STAND_IN = '[0 ********** ********** **********]';

/**
 * Where libpdf left room in the update it saved: its byte range stand-in, and the zeros of
 * /Contents after it (the last signature dictionary, near the end of the file).
 */
function signatureRoom(bytes: Buffer): { byteRangeAt: number; contentsAt: number; contentsEnd: number } {
  const byteRangeAt = bytes.lastIndexOf(BYTE_RANGE_STAND_IN, undefined, 'latin1');
  const contents = bytes.indexOf('/Contents <', byteRangeAt, 'latin1');
  const contentsEnd = contents < 0 ? -1 : bytes.indexOf('>', contents, 'latin1');
  if (byteRangeAt < 0 || contents < 0 || contentsEnd < 0) throw new Error('No room for the seal in the update');
  return { byteRangeAt, contentsAt: contents + '/Contents <'.length, contentsEnd };
}

/** `signedWith` finishes the seal before libpdf would ask its signer for anything. */
const unusedSigner: Signer = {
  keyType: 'RSA',
  signatureAlgorithm: 'RSASSA-PKCS1-v1_5',
  certificate: new Uint8Array(),
  sign: () => Promise.reject(new Error('The seal is signed from its template')),
};

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
