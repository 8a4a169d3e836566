import { DEFAULT_TIME_ZONE } from '@app/contract';
import { businessOf } from '../../platform/accounts/business.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import { dates } from '../../platform/dates.ts';
import type { RegisterEntry, SignableDocument } from '../../platform/documents/signable-source.ts';
import type { PdfFile } from '../../platform/http/file-reply.ts';
import type { CertifiedSigner, SignatureCertificate } from '../../platform/pdf/signature-certificate.ts';
import { type SignatureRequestRow, signingRepo } from './signing.repo.ts';
import type { SigningCore } from './signing-core.ts';
import { labelOf, outcomeOf, stands } from './signing-views.ts';

/**
 * Whose copy of a signed PDF it is (ADR 0068): the owner's shows every signer's email and IP; a
 * signer's shows only their own, and the others' names and times.
 */
export type CopyReader = { owner: true } | { signerId: string };

/**
 * The signed PDF of a version (ADR 0017): the source's PDF with the register filled in, then the
 * signature certificate's pages, drawn by the source in one render (ADR 0049). The owner downloads
 * it; each signer gets their own copy by their own link as soon as they signed (ADR 0068).
 */
export async function signedPdfOf(
  core: SigningCore,
  document: SignableDocument,
  businessId: string,
  reader: CopyReader,
): Promise<PdfFile> {
  const source = core.sourceOf(document.kind);
  const requests = await signingRepo.requestsOf(core.db, core.refOf(document));
  const signatures = new Map<string, Buffer | null>(
    await Promise.all(requests.map(async (row) => [row.id, await core.signatureBytes(row.signatureFileId)] as const)),
  );
  const register: RegisterEntry[] = requests.filter(stands).map((row) => ({
    name: row.signerName,
    company: row.signerCompany,
    role: row.signerRole,
    signedAt: row.signedAt ?? core.now(),
    signature: signatures.get(row.id) ?? null,
  }));
  // The document's times are on its business's clock; so are the certificate's (ADR 0040).
  const timeZone = (await businessOf(core.db, businessId))?.timeZone ?? DEFAULT_TIME_ZONE;
  const certificate = await signatureCertificate(core, document, requests, signatures, timeZone, reader);
  const signed = await source.signedPdf(core.db, document, register, certificate);
  return {
    // Sealed as the whole it is: the document and its signature certificate (ADR 0041).
    bytes: await core.options.pdfSeal.seal(
      signed,
      { kind: document.kind, documentId: document.id, version: document.version, fingerprint: document.fingerprint },
      // The workers' fairness counts the business as one owner (ADR 0062).
      { owner: businessId },
    ),
    filename: `${document.number || document.kind}-v${document.version}-signed.pdf`,
  };
}

async function signatureCertificate(
  core: SigningCore,
  document: SignableDocument,
  requests: SignatureRequestRow[],
  signatures: ReadonlyMap<string, Buffer | null>,
  timeZone: string,
  reader: CopyReader,
): Promise<SignatureCertificate> {
  // A signer's copy keeps other signers' contact details and whereabouts to the owner's record.
  const shows = (signerId: string) => 'owner' in reader || reader.signerId === signerId;
  const names = new Map(requests.map((row) => [row.id, row.signerName]));
  const events = (await audit.forSubject(core.db, { kind: document.kind, id: document.id })).filter(
    (event) => 'signerId' in event.data && names.has(event.data.signerId),
  );
  const ipOf = (signerId: string, type: string) =>
    events.findLast((event) => event.type === type && 'signerId' in event.data && event.data.signerId === signerId)
      ?.origin?.ip ?? null;
  const time = (label: string, at: Date | null) => (at ? [`${label}: ${dates.exact(at, timeZone)}`] : []);
  const signers: CertifiedSigner[] = requests.map((row) => ({
    name: row.signerName,
    detail:
      [row.signerRole, row.signerCompany, shows(row.id) ? row.signerEmail : null].filter(Boolean).join(' · ') || null,
    outcome: outcomeOf(row),
    times: [
      ...time('Sent', row.lastSentAt),
      ...time('Opened', row.openedAt),
      ...time('Signed', row.signedAt),
      ...time('Declined', row.declinedAt),
      ...time('Revoked', row.revokedAt),
      ...time('Set aside', row.setAsideAt),
    ],
    ip: shows(row.id) ? ipOf(row.id, row.signedAt ? 'signing.signed' : 'signing.declined') : null,
    fingerprintAtSend: row.fingerprintAtSend,
    fingerprintAtSign: row.fingerprintAtSign,
    declineReason: row.declineReason,
    signature: signatures.get(row.id) ?? null,
    signatureMethod: row.signedAt ? row.signatureMethod : null,
  }));
  return {
    documentLabel: labelOf(document),
    version: document.version,
    fingerprint: document.fingerprint,
    timeZone,
    signers,
    events: events.map((event) => {
      const shown = 'signerId' in event.data && shows(event.data.signerId);
      return [
        dates.exact(event.occurredAt, timeZone),
        event.type === 'signing.signed' && event.data.method
          ? `signed (${event.data.method})`
          : event.type.replace('signing.', ''),
        'signerId' in event.data ? (names.get(event.data.signerId) ?? '') : '',
        shown ? (event.origin?.ip ?? '') : '',
        shown ? (event.origin?.userAgent ?? '') : '',
      ];
    }),
  };
}
