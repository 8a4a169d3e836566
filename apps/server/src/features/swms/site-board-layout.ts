import { PRINT_BUDGETS } from '@app/contract';
import { colours, contentLeft, contentWidth, type Doc } from '../../platform/pdf/document.ts';
import { renderPrintedDocument } from '../../platform/pdf/printed-document.ts';
import { definePdfJob } from '../../platform/pdf/render-pool.ts';
import { tagged } from '../../platform/pdf/structure.ts';
import { drawQrCode } from '../../platform/pdf/verify-box.ts';

export type SiteBoardInput = {
  businessName: string;
  /** e.g. "SWMS-2026-0001". */
  number: string;
  title: string;
  /** The SWMS's work location, as its owner wrote it. */
  site: string;
  /** The crew sign-on link the QR code opens (signing builds it). */
  crewUrl: string;
};

/** Big enough to scan from a step back on a site's wall. */
const QR_SIZE = 260;

/** What a worker does, in the order they do it. */
const INSTRUCTIONS = [
  "1. Scan the QR code with your phone's camera (or type the link above).",
  '2. Read the SWMS: the work, its hazards and how they are controlled.',
  '3. Sign on with your name and company before you start work.',
];

/** The site board (PRODUCT.md, SWMS): one A4 poster of a SWMS's crew QR code, for the site's wall. */
function renderSiteBoardPdf(input: SiteBoardInput): Promise<Buffer> {
  return renderPrintedDocument(
    {
      title: `Site board ${input.number}`,
      author: input.businessName || 'TradeCert',
      subject: input.title,
      budget: PRINT_BUDGETS.siteBoard,
      marks: { label: `Site board · ${input.number}` },
      draft: false,
    },
    (doc) => drawSiteBoard(doc, input),
  );
}

function drawSiteBoard(doc: Doc, input: SiteBoardInput) {
  const left = contentLeft(doc);
  const width = contentWidth(doc);
  doc
    .font('regular')
    .fontSize(11)
    .fillColor(colours.muted)
    .text(input.businessName || 'Site sign-on', left, doc.y, { width, align: 'center' });
  doc.moveDown(0.4);
  tagged(doc, 'H1', () =>
    doc.font('bold').fontSize(26).fillColor(colours.brand).text('Sign on to this SWMS', left, doc.y, {
      width,
      align: 'center',
    }),
  );
  doc.moveDown(0.3);
  tagged(doc, 'H2', () =>
    doc.font('bold').fontSize(18).fillColor(colours.ink).text(input.title, left, doc.y, { width, align: 'center' }),
  );
  doc
    .font('regular')
    .fontSize(13)
    .fillColor(colours.ink)
    .text(`Site: ${input.site || 'Not recorded'}`, left, doc.y, { width, align: 'center' });
  doc.moveDown(1);

  if (doc.y + QR_SIZE > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const qrLeft = left + (width - QR_SIZE) / 2;
  const qrTop = doc.y;
  tagged(doc, 'Figure', () => drawQrCode(doc, input.crewUrl, qrLeft, qrTop, QR_SIZE), {
    alt: `QR code that opens ${input.crewUrl}`,
    bbox: [qrLeft, qrTop, qrLeft + QR_SIZE, qrTop + QR_SIZE],
  });
  doc.y = qrTop + QR_SIZE + 12;
  doc.font('mono').fontSize(11).fillColor(colours.ink).text(input.crewUrl, left, doc.y, { width, align: 'center' });
  doc.moveDown(1.2);
  doc.font('regular').fontSize(14).fillColor(colours.ink);
  for (const line of INSTRUCTIONS) doc.text(line, left + 24, doc.y, { width: width - 48 });
}

/** The site board as a job of the PDF workers (src/pdf-worker.ts). */
export const siteBoardPdfJob = definePdfJob('site-board', renderSiteBoardPdf, {
  // Drawn by a worker in the background once warm (ADR 0100): the poster's fixed words shaped before the first.
  sample: (name) => ({
    businessName: `${name} Membranes Pty Ltd`,
    number: 'SWMS-2000-0001',
    title: 'Sample membrane application',
    site: '2 Sample Street, Parramatta NSW 2150',
    crewUrl: 'https://example.com/sign-on/00000000-0000-0000-0000-000000000000',
  }),
});
