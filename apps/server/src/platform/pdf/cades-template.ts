import { createHash, createPrivateKey, type KeyObject, sign } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/*
 * The CMS SignedData of our seal (CAdES detached, PAdES B-B, RSA with SHA-256), as `@libpdf/core`
 * builds it, but encoded once per key (ADR 0100): libpdf parsed and re-encoded the certificate and
 * its root on every seal, over a third of a seal's CPU. Of its DER only three values change from one
 * seal to the next, each of a fixed length: the signing time (UTCTime), the document's digest
 * and the RSA signature (the key's modulus long). The template keeps their offsets; a seal copies
 * it, writes the three, and signs the signed attributes in place.
 */

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  algorithmProtection: '1.2.840.113549.1.9.52',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
};

/** Stand-ins written when the template is encoded, each found exactly once in it afterwards. */
const TIME_STAND_IN = new Date(Date.UTC(1999, 11, 31, 23, 59, 59));
const TIME_STAND_IN_TEXT = '991231235959Z';
const DIGEST_STAND_IN = 0xd1;
const SIGNATURE_STAND_IN = 0xe7;
const DIGEST_BYTES = 32;
/** Signed attributes are signed as a SET OF (0x31); the SignerInfo holds them as [0] IMPLICIT (0xa0). */
const SET_OF = 0x31;

export type CadesKey = { pkcs8: Uint8Array; certificate: Uint8Array; chain: readonly Uint8Array[] };

export class CadesSignature {
  private readonly privateKey: KeyObject;
  private readonly template: Buffer;
  private readonly timeAt: number;
  private readonly digestAt: number;
  private readonly signatureAt: number;
  private readonly attributesAt: number;
  private readonly attributesEnd: number;

  constructor({ pkcs8, certificate, chain }: CadesKey) {
    this.privateKey = createPrivateKey({ key: Buffer.from(pkcs8), format: 'der', type: 'pkcs8' });
    const modulusBits = this.privateKey.asymmetricKeyDetails?.modulusLength;
    if (this.privateKey.asymmetricKeyType !== 'rsa' || !modulusBits) throw new Error('The seal key is not RSA');
    const signer = parsed(certificate);
    const attributes = signedAttributes(signer);
    const encodedAttributes = Buffer.from(
      new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }).toSchema().toBER(false),
    );
    const signerInfo = new pkijs.SignerInfo({
      version: 1,
      sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
      digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes }),
      signatureAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRsa }),
      signature: new asn1js.OctetString({
        valueHex: new Uint8Array(Math.ceil(modulusBits / 8)).fill(SIGNATURE_STAND_IN).buffer,
      }),
    });
    const signedData = new pkijs.SignedData({
      version: 1,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
      digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 })],
      certificates: [signer, ...chain.map(parsed)],
      signerInfos: [signerInfo],
    });
    this.template = Buffer.from(
      new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema() }).toSchema().toBER(false),
    );
    this.attributesAt = onlyOffsetOf(this.template, encodedAttributes);
    this.attributesEnd = this.attributesAt + encodedAttributes.length;
    this.timeAt = onlyOffsetOf(this.template, Buffer.from(TIME_STAND_IN_TEXT, 'latin1'));
    this.digestAt = onlyOffsetOf(this.template, Buffer.alloc(DIGEST_BYTES, DIGEST_STAND_IN));
    this.signatureAt = onlyOffsetOf(this.template, Buffer.alloc(Math.ceil(modulusBits / 8), SIGNATURE_STAND_IN));
  }

  /** The DER of the SignedData over a document whose ranges hash (SHA-256) to `documentDigest`. */
  signedData(documentDigest: Buffer, signingTime: Date): Buffer {
    if (documentDigest.length !== DIGEST_BYTES) throw new Error('A SHA-256 digest is 32 bytes');
    const der = Buffer.from(this.template);
    der.write(utcTime(signingTime), this.timeAt, 'latin1');
    documentDigest.copy(der, this.digestAt);
    const attributes = Buffer.from(der.subarray(this.attributesAt, this.attributesEnd));
    attributes[0] = SET_OF;
    // RSA PKCS#1 v1.5 on the worker's own thread: WebCrypto's sign would wait in libuv's pool (ADR 0096).
    sign('sha256', attributes, this.privateKey).copy(der, this.signatureAt);
    return der;
  }
}

function parsed(der: Uint8Array): pkijs.Certificate {
  const asn1 = asn1js.fromBER(new Uint8Array(der).buffer);
  if (asn1.offset === -1) throw new Error('The seal certificate is not DER');
  return new pkijs.Certificate({ schema: asn1.result });
}

/** libpdf's order: content type, signing time, CMSAlgorithmProtection (RFC 6211), digest, ESS signing certificate v2. */
function signedAttributes(signer: pkijs.Certificate): pkijs.Attribute[] {
  const algorithmProtection = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: OID.sha256 })] }),
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 1 },
        value: [new asn1js.ObjectIdentifier({ value: OID.sha256WithRsa }), new asn1js.Null()],
      }),
    ],
  });
  // RFC 5035: the certificate's hash and its issuer and serial bind the signature to this certificate.
  const issuerSerial = new pkijs.IssuerSerial({
    issuer: new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: signer.issuer })] }),
    serialNumber: signer.serialNumber,
  });
  // Hashed as libpdf does, re-encoded from the parsed certificate (the same bytes for a DER one).
  const certificateHash = createHash('sha256').update(new Uint8Array(signer.toSchema().toBER(false)));
  const signingCertificate = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [
              new asn1js.OctetString({ valueHex: new Uint8Array(certificateHash.digest()).buffer }),
              issuerSerial.toSchema(),
            ],
          }),
        ],
      }),
    ],
  });
  return [
    new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
    new pkijs.Attribute({ type: OID.signingTime, values: [new asn1js.UTCTime({ valueDate: TIME_STAND_IN })] }),
    new pkijs.Attribute({ type: OID.algorithmProtection, values: [algorithmProtection] }),
    new pkijs.Attribute({
      type: OID.messageDigest,
      values: [new asn1js.OctetString({ valueHex: new Uint8Array(DIGEST_BYTES).fill(DIGEST_STAND_IN).buffer })],
    }),
    new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificate] }),
  ];
}

function onlyOffsetOf(template: Buffer, stand: Buffer): number {
  const at = template.indexOf(stand);
  if (at < 0 || template.indexOf(stand, at + 1) >= 0) throw new Error('A seal template stand-in is not unique');
  return at;
}

/** UTCTime's YYMMDDHHMMSSZ, defined for 1950 to 2049 only (as libpdf writes it). */
function utcTime(time: Date): string {
  const year = time.getUTCFullYear();
  if (year < 1950 || year > 2049) throw new Error('UTCTime cannot name this year');
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(year % 100)}${two(time.getUTCMonth() + 1)}${two(time.getUTCDate())}${two(time.getUTCHours())}${two(time.getUTCMinutes())}${two(time.getUTCSeconds())}Z`;
}
