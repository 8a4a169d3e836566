import { PRINT_BUDGETS } from '@app/contract';
import { appendPages } from '../../platform/pdf/append-pages.ts';
import {
  colours,
  contentWidth,
  createPdf,
  DocumentTooLargeError,
  sectionHeading,
} from '../../platform/pdf/document.ts';
import { stampPages } from '../../platform/pdf/page-marks.ts';
import { definePdfJob } from '../../platform/pdf/render-pool.ts';
import { drawSignatureBlock } from '../../platform/pdf/signature-block.ts';
import { tagged } from '../../platform/pdf/structure.ts';
import { drawTable } from '../../platform/pdf/table.ts';

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
};

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

/** The page(s) that follow a signed document: who signed, how, from where, and its audit trail. */
async function renderSignatureCertificate(certificate: SignatureCertificate): Promise<Buffer> {
  const title = `Signature certificate: ${certificate.documentLabel}`;
  const { doc, end } = createPdf({
    title,
    author: 'TradeCert',
    subject: 'Signature certificate',
    budget: PRINT_BUDGETS.signatureCertificate,
  });
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
  stampPages(doc, {
    label: `Signature certificate · ${certificate.documentLabel}`,
    version: `v${certificate.version}`,
    fingerprint: certificate.fingerprint,
  });
  return end();
}

/** The document's pages followed by the signature certificate's, as one PDF/A-2b tagged PDF. */
async function appendCertificate(document: Buffer, appendix: Buffer): Promise<Buffer> {
  const joined = Buffer.from(await appendPages(document, appendix));
  if (joined.length > SIGNED_PDF_BYTES) throw new DocumentTooLargeError(`${SIGNED_PDF_BYTES} bytes`);
  return joined;
}

/** The largest document kind and its signature certificate, each within its own budget. */
const SIGNED_PDF_BYTES = (PRINT_BUDGETS.swms.megabytes + PRINT_BUDGETS.signatureCertificate.megabytes) * 1024 * 1024;

export type SignedPdfInput = { document: Buffer; certificate: SignatureCertificate };

/** The signed PDF as a job of the PDF workers: the certificate drawn and both joined off the request thread. */
export const signedPdfJob = definePdfJob('signed', async ({ document, certificate }: SignedPdfInput) =>
  appendCertificate(document, await renderSignatureCertificate(certificate)),
);
