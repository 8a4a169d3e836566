import { type CoverSheetBody, issuedByLine, PRINT_BUDGETS } from '@app/contract';
import { dates } from '../../platform/dates.ts';
import { colours, contentWidth, type Doc, sectionHeading, textSection } from '../../platform/pdf/document.ts';
import {
  drawDocumentHeading,
  drawDraftNotice,
  drawVersionVerifyBox,
  type PrintedVersion,
  renderPrintedDocument,
} from '../../platform/pdf/printed-document.ts';
import { definePdfJob } from '../../platform/pdf/render-pool.ts';
import { drawSignatureBlock } from '../../platform/pdf/signature-block.ts';
import type { SignatureCertificate } from '../../platform/pdf/signature-certificate.ts';
import { drawTable } from '../../platform/pdf/table.ts';
import { isolated } from '../../platform/pdf/text-runs.ts';
import { VERIFY_BOX_SPACE } from '../../platform/pdf/verify-box.ts';

export type PdfBusiness = {
  name: string;
  abn: string;
  address: string;
  phone: string;
  email: string;
  logo: Buffer | null;
  /** The profile's applicator and their signature: a cover sheet they approve carries it. */
  applicatorName: string;
  signature: Buffer | null;
  /** The member issuing it, when the business has more than one (ADR 0077); absent for one person. */
  issuedBy?: string;
};

export type CoverSheetPdfPart = PrintedVersion & {
  body: CoverSheetBody;
  /**
   * Where the sheet's own QR code leads; null while it is a draft. Printed in front of a SWMS too,
   * the sheet carries its own verify box: a page that travels alone can be checked (ADR 0049).
   */
  verifyUrl: string | null;
  /** The SWMS the sheet covers, as they are now. */
  swms: Array<{ number: string; title: string; version: number; personResponsible: string }>;
};

type CoverSheetPdfInput = {
  business: PdfBusiness;
  cover: CoverSheetPdfPart;
  /** The signed PDF's last pages (ADR 0049), numbered with the sheet's. */
  signatureCertificate?: SignatureCertificate | null;
};

/** A calendar date the user picked (no time zone of its own), e.g. "24 November 2026". */
export const formatDate = (isoDate: string | null) => (isoDate ? dates.calendar(isoDate) : 'Not recorded');

/** The business's letterhead under a SWMS or cover sheet title. */
export function drawSafetyDocumentHeading(doc: Doc, business: PdfBusiness, title: string): void {
  drawDocumentHeading(
    doc,
    { ...business, name: business.name || 'Business name not set' },
    { text: title, fontSize: 18 },
  );
}

/** "Issued by <member> for <company>" under an issued version's number, in a business of several members. */
export function drawIssuedBy(doc: Doc, business: PdfBusiness, companyName: string): void {
  if (business.issuedBy) doc.text(issuedByLine(isolated(business.issuedBy), isolated(companyName)));
}

/** A cover sheet alone. */
function renderCoverSheetPdf(input: CoverSheetPdfInput): Promise<Buffer> {
  const { cover, business } = input;
  return renderPrintedDocument(
    {
      title: `SWMS cover sheet ${cover.number}`,
      author: business.name || 'TradeCert',
      subject: cover.body.principal_contractor.project_name,
      budget: PRINT_BUDGETS.coverSheet,
      signatureCertificate: input.signatureCertificate,
      marks: { label: cover.number, version: `v${cover.version}`, fingerprint: cover.fingerprint, logo: business.logo },
      draft: !cover.verifyUrl,
    },
    (doc) => drawCoverSheet(doc, business, cover),
  );
}

/** The cover sheet, ending with its verify box once it is issued. */
export function drawCoverSheet(doc: Doc, business: PdfBusiness, cover: CoverSheetPdfPart) {
  const { body } = cover;
  // The sheet's own, else the SWMS it covers name theirs.
  const responsible =
    body.person_responsible ||
    [...new Set(cover.swms.map((swms) => swms.personResponsible).filter(Boolean))].join('; ') ||
    'Not recorded';
  const companyName = body.business.name || business.name;
  drawSafetyDocumentHeading(
    doc,
    {
      ...business,
      name: companyName,
      abn: body.business.abn,
      address: body.business.address,
      phone: body.business.phone,
      email: body.business.email,
    },
    'SWMS Cover Sheet',
  );
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(colours.ink)
    .text(`Cover sheet ${cover.number}     Version: v${cover.version}     Date: ${cover.date}`);
  if (cover.verifyUrl) drawIssuedBy(doc, business, companyName);
  // In front of a SWMS the sheet has no watermark of its own.
  if (!cover.verifyUrl) drawDraftNotice(doc, 'DRAFT: not issued. This cover sheet is not valid until it is ready.');
  doc.moveDown(0.8);
  sectionHeading(doc, 'Safe Work Method Statements covered');
  drawTable(doc, {
    columns: [
      { header: 'SWMS number', weight: 1.2 },
      { header: 'Title', weight: 3 },
      { header: 'Version', weight: 0.8 },
    ],
    rows: cover.swms.map((swms) => [swms.number, swms.title || 'Untitled SWMS', `v${swms.version}`]),
  });
  sectionHeading(doc, 'Principal contractor');
  drawTable(doc, {
    columns: [
      { header: 'Detail', weight: 1 },
      { header: '', weight: 2.5 },
    ],
    rows: [
      ['Principal contractor', body.principal_contractor.company || 'Not recorded'],
      ['Project', body.principal_contractor.project_name || 'Not recorded'],
      ['Site address', body.principal_contractor.site_address || 'Not recorded'],
      ['Project manager', body.principal_contractor.project_manager || 'Not recorded'],
      ['Date SWMS given to the principal contractor', formatDate(body.principal_contractor.date_given)],
      ['Person responsible for compliance', responsible],
      ['Review date', formatDate(body.review_date)],
    ],
  });
  textSection(doc, 'Attached documents', [
    ...cover.swms.map((swms) => `${swms.number} ${swms.title} (v${swms.version})`),
    ...body.other_documents,
  ]);
  // The approval and the verify box share a page: the box never stands alone on one.
  sectionHeading(doc, 'Approved by', 120 + (cover.verifyUrl ? VERIFY_BOX_SPACE : 0));
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(colours.ink)
    .text(
      `Name: ${body.approved_by.name || '________________'}     Position: ${body.approved_by.position || '________________'}     Date: ${formatDate(body.approved_by.date)}`,
      { width: contentWidth(doc) },
    );
  doc.moveDown(0.6);
  const approver = body.approved_by.name.trim();
  if (!cover.verifyUrl) {
    // A draft is not approved yet: the signature on file would say it was.
    doc.text('Signature: not on a draft.', { width: contentWidth(doc) });
  } else if (business.signature && approver && sameName(approver, business.applicatorName)) {
    // The approver is the profile's applicator: their signature is the one on file.
    drawSignatureBlock(doc, { image: business.signature, caption: `Signature: ${approver}` });
  } else {
    doc.text(
      `Signature: not on this copy. ${approver || 'The approver'} signs by link, and the signed PDF carries the signature.`,
      { width: contentWidth(doc) },
    );
  }
  if (cover.verifyUrl) drawVersionVerifyBox(doc, cover, cover.verifyUrl);
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('en-AU') === b.trim().toLocaleLowerCase('en-AU');

/** The cover sheet as a job of the PDF workers (src/pdf-worker.ts). */
export const coverSheetPdfJob = definePdfJob('cover-sheet', renderCoverSheetPdf);
