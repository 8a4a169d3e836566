import { formatAbn } from '@app/contract';
import { colours, contentLeft, createPdf, type Doc, type PdfInfo } from './document.ts';
import { drawLetterhead } from './letterhead.ts';
import { DRAFT_WATERMARK, type PageMarks, stampPages } from './page-marks.ts';
import {
  drawSignatureCertificate,
  type SignatureCertificate,
  withSignatureCertificate,
} from './signature-certificate.ts';
import { tagged } from './structure.ts';
import { drawVerifyBox } from './verify-box.ts';

/*
 * What every printed document kind shares (ADR 0010): the business's letterhead and the title under
 * it, the draft's notice, and the frame around the kind's own pages: its budget, the signature
 * certificate after them (ADR 0049), then each page's footer and, on a draft, the watermark.
 */

export type PrintedDocumentFrame = PdfInfo & {
  /** The signed PDF's last pages, numbered with the document's own. */
  signatureCertificate?: SignatureCertificate | null;
  /** What each page's footer names. */
  marks: Omit<PageMarks, 'watermark'>;
  /** Not issued yet: every page carries DRAFT_WATERMARK. */
  draft: boolean;
};

/** A document kind's pages (`drawContent`) inside the frame every kind shares. */
export async function renderPrintedDocument(
  frame: PrintedDocumentFrame,
  drawContent: (doc: Doc) => void,
): Promise<Buffer> {
  const { doc, end } = createPdf({
    title: frame.title,
    author: frame.author,
    subject: frame.subject,
    budget: withSignatureCertificate(frame.budget, frame.signatureCertificate),
  });
  drawContent(doc);
  if (frame.signatureCertificate) drawSignatureCertificate(doc, frame.signatureCertificate);
  stampPages(doc, { ...frame.marks, ...(frame.draft ? { watermark: DRAFT_WATERMARK } : {}) });
  return end();
}

/** The business a document is printed for, as its letterhead shows it. */
export type LetterheadBusiness = {
  logo: Buffer | null;
  name: string;
  address: string | null;
  phone: string | null;
  email: string | null;
  abn: string | null;
  licence?: string | null;
};

/** The letterhead, then the document's title as its one H1. */
export function drawDocumentHeading(
  doc: Doc,
  business: LetterheadBusiness,
  title: { text: string; fontSize: number },
): void {
  drawLetterhead(doc, {
    logo: business.logo,
    name: business.name,
    lines: [
      business.address,
      [business.phone, business.email].filter(Boolean).join('  ·  '),
      [business.abn ? `ABN ${formatAbn(business.abn)}` : null, business.licence ? `Licence ${business.licence}` : null]
        .filter(Boolean)
        .join('  ·  '),
    ].filter((line): line is string => Boolean(line)),
  });
  tagged(doc, 'H1', () =>
    doc.font('bold').fontSize(title.fontSize).fillColor(colours.brand).text(title.text, contentLeft(doc), doc.y),
  );
}

/** Said in words under the title as well as by the watermark, which a page printed inside another may not carry. */
export function drawDraftNotice(doc: Doc, notice: string): void {
  doc.font('bold').fontSize(10).fillColor(colours.danger).text(notice);
}

/** One version of a versioned document, already formatted for people. */
export type PrintedVersion = { number: string; version: number; fingerprint: string; date: string; current: boolean };

/** The verify box of one version: its QR code leads to that version's own record. */
export function drawVersionVerifyBox(doc: Doc, version: PrintedVersion, url: string): void {
  drawVerifyBox(doc, {
    title: `Verify ${version.number} version ${version.version}`,
    url,
    fingerprintLabel: 'SHA-256 fingerprint of this version (compare with the online record):',
    fingerprint: version.fingerprint,
  });
}
