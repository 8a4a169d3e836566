import { createHash } from 'node:crypto';
import { PDF } from '@libpdf/core';
import * as asn1js from 'asn1js';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { signerOf, throwawaySealIdentity } from '../crypto/seal-identity.ts';
import { CadesSignature } from './cades-template.ts';

/** The CMS in a signed PDF's last /Contents, and the SHA-256 of the bytes its /ByteRange covers. */
function signatureOf(pdf: Buffer): { der: Buffer; digest: Buffer } {
  const at = pdf.lastIndexOf('/ByteRange');
  const range = /\[0 (\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.subarray(at, at + 60).toString('latin1'));
  if (!range) throw new Error('No byte range');
  const [firstEnd, secondStart, secondLength] = [Number(range[1]), Number(range[2]), Number(range[3])];
  const hex = pdf.subarray(firstEnd + 1, secondStart - 1).toString('latin1');
  const digest = createHash('sha256')
    .update(pdf.subarray(0, firstEnd))
    .update(pdf.subarray(secondStart, secondStart + secondLength))
    .digest();
  const contents = Buffer.from(hex, 'hex');
  // /Contents is the DER, then zeros up to the room kept: the DER's own length says where it ends.
  const length = asn1js.fromBER(new Uint8Array(contents).buffer).offset;
  return { der: contents.subarray(0, length), digest };
}

describe('the seal CMS from a template encoded once per key (ADR 0100)', () => {
  it('is byte for byte the SignedData libpdf builds for the same key, time and document', async () => {
    const { key } = await throwawaySealIdentity();
    if (!('pkcs8' in key)) throw new Error('A throwaway seal is a stored key');
    const blank = await PDFDocument.create();
    blank.addPage();
    const signingTime = new Date(Date.UTC(2026, 10, 29, 18, 30, 5));
    const document = await PDF.load(await blank.save());
    const { bytes } = await document.sign({
      signer: await signerOf(key),
      subFilter: 'ETSI.CAdES.detached',
      level: 'B-B',
      signingTime,
      estimatedSize: 8192,
    });
    const libpdf = signatureOf(Buffer.from(bytes));
    const cades = new CadesSignature(key);

    expect(cades.signedData(libpdf.digest, signingTime).toString('hex')).toBe(libpdf.der.toString('hex'));
  });

  it('writes each seal its own time, digest and signature, leaving the template as it was', async () => {
    const { key } = await throwawaySealIdentity();
    if (!('pkcs8' in key)) throw new Error('A throwaway seal is a stored key');
    const cades = new CadesSignature(key);
    const digest = (text: string) => createHash('sha256').update(text).digest();
    const first = cades.signedData(digest('one'), new Date(Date.UTC(2026, 0, 2, 3, 4, 5)));
    const second = cades.signedData(digest('two'), new Date(Date.UTC(2030, 11, 31, 23, 59, 58)));
    const again = cades.signedData(digest('one'), new Date(Date.UTC(2026, 0, 2, 3, 4, 5)));

    expect(first.length).toBe(second.length);
    expect(again.equals(first)).toBe(true);
    expect(first.includes(digest('one'))).toBe(true);
    expect(second.includes(digest('two'))).toBe(true);
    expect(first.includes('260102030405Z')).toBe(true);
    expect(second.includes('301231235958Z')).toBe(true);
    expect(() => cades.signedData(digest('one'), new Date(Date.UTC(2050, 0, 1)))).toThrow(/UTCTime/);
  });
});
