import { PRINT_BUDGETS } from '@app/contract';
import { addPage, colours, contentWidth, type Doc, type PdfInfo, sectionHeading } from './document.ts';
import { drawSignatureBlock } from './signature-block.ts';
import { tagged } from './structure.ts';
import { drawTable } from './table.ts';

/** One signer as the signature certificate lists them, already formatted for people. */
export type CertifiedSigner = {
  name: string;
  detail: string | null;
  outcome: string;
  times: string[];
  ip: string | null;
  fingerprintAtSend: string;
  fingerprintAtSign: string | null;
  declineReason: string | null;
  signature: Buffer | null;
  /** How the signature was made: drawn, typed or uploaded (ADR 0052); null if none was given. */
  signatureMethod: string | null;
};

/**
 * The pages that follow a signed document (ADR 0017): who signed, how, from where, and the audit
 * trail. The signing feature words it; the document's own layout draws it after its last page, so
 * the signed PDF is one document (ADR 0049): its pages numbered through, each font and image in it
 * once, its conformance and structure those of the document.
 */
export type SignatureCertificate = {
  documentLabel: string;
  version: number;
  fingerprint: string;
  /** The IANA zone every time is printed in (the owner's), named in the audit trail's heading. */
  timeZone: string;
  signers: CertifiedSigner[];
  /** The audit trail, oldest first: [time, event, signer, IP, user agent]. */
  events: string[][];
};

/** A document kind's budget with room for its signature certificate's pages, when it has one. */
export function withSignatureCertificate(
  budget: PdfInfo['budget'],
  certificate: SignatureCertificate | null | undefined,
): PdfInfo['budget'] {
  if (!certificate) return budget;
  const extra = PRINT_BUDGETS.signatureCertificate;
  return {
    pages: budget.pages + extra.pages,
    characters: budget.characters + extra.characters,
    megabytes: budget.megabytes + extra.megabytes,
  };
}

/** The signature certificate, from a new portrait page after the document's last. */
export function drawSignatureCertificate(doc: Doc, certificate: SignatureCertificate): void {
  addPage(doc, 'portrait');
  tagged(doc, 'H1', () => doc.font('bold').fontSize(16).fillColor(colours.ink).text('Signature certificate'));
  doc.font('regular').fontSize(10).fillColor(colours.muted);
  doc.text(`${certificate.documentLabel}, version ${certificate.version}`);
  doc.text('Document fingerprint (SHA-256):');
  doc.font('mono').fontSize(8.5).fillColor(colours.ink).text(certificate.fingerprint);
  doc.moveDown(1);

  sectionHeading(doc, 'Signers');
  for (const signer of certificate.signers) {
    tagged(doc, 'H3', () =>
      doc.font('bold').fontSize(11).fillColor(colours.ink).text(`${signer.name}: ${signer.outcome}`),
    );
    doc.font('regular').fontSize(9).fillColor(colours.muted);
    if (signer.detail) doc.text(signer.detail);
    for (const time of signer.times) doc.text(time);
    if (signer.ip) doc.text(`IP address: ${signer.ip}`);
    if (signer.signatureMethod) doc.text(`Signature: ${signer.signatureMethod}`);
    doc.text('Fingerprint when sent:');
    doc.font('mono').fontSize(8).fillColor(colours.ink).text(signer.fingerprintAtSend);
    if (signer.fingerprintAtSign) {
      doc.font('regular').fontSize(9).fillColor(colours.muted).text('Fingerprint when signed:');
      doc.font('mono').fontSize(8).fillColor(colours.ink).text(signer.fingerprintAtSign);
    }
    if (signer.declineReason) {
      doc
        .font('regular')
        .fontSize(9)
        .fillColor(colours.ink)
        .text(`Reason given: ${signer.declineReason}`, {
          width: contentWidth(doc),
        });
    }
    doc.moveDown(0.4);
    if (signer.signature) drawSignatureBlock(doc, { image: signer.signature, caption: signer.name, width: 220 });
    doc.moveDown(0.6);
  }

  sectionHeading(doc, 'Audit trail');
  drawTable(doc, {
    columns: [
      { header: `Time (${certificate.timeZone})`, weight: 4 },
      { header: 'Event', weight: 2 },
      { header: 'Signer', weight: 3 },
      { header: 'IP', weight: 3 },
      { header: 'Browser', weight: 6 },
    ],
    rows: certificate.events,
    fontSize: 7.5,
  });
}
