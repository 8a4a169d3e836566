import { formatAbn } from '@app/contract';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { certificateFonts as fonts } from './fonts.ts';

/** Everything printed on a certificate, already formatted for people. */
export type CertificatePdfInput = {
  certificateNumber: string | null;
  issueDate: string | null;
  draft: boolean;
  company: {
    name: string | null;
    address: string | null;
    phone: string | null;
    email: string | null;
    abn: string | null;
    licence: string | null;
    applicatorName: string | null;
  };
  logo: Buffer | null;
  signature: Buffer | null;
  jobSiteAddress: string;
  installationDate: string | null;
  areas: string;
  standards: string[];
  materialsUsed: string;
  additionalInfo: string;
  photos: Array<{ image: Buffer; caption: string }>;
  verifyUrl: string;
  fingerprint: string;
};

// pdfkit accepts a fontkit font where its types only list file sources.
type FontSource = Parameters<InstanceType<typeof PDFDocument>['registerFont']>[1];

const BRAND = '#0f766e';
const MUTED = '#475569';
const MARGIN = 48;
const FOOTER_SPACE = 28;

type Doc = InstanceType<typeof PDFDocument>;

/** Renders an A4 certificate with pdfkit: no browser, fonts embedded, photos never cropped. */
export async function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER_SPACE, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `Certificate of Compliance ${input.certificateNumber ?? '(draft)'}`,
      Author: input.company.name ?? 'TradeCert',
      Subject: input.jobSiteAddress,
    },
  });
  doc.registerFont('regular', fonts.regular as unknown as FontSource);
  doc.registerFont('bold', fonts.bold as unknown as FontSource);
  doc.registerFont('mono', fonts.mono as unknown as FontSource);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  drawHeader(doc, input);
  drawJobDetails(doc, input);
  drawDeclaration(doc, input);
  await drawVerification(doc, input);
  drawPhotos(doc, input.photos);
  finishPages(doc, input);
  doc.end();
  return finished;
}

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottomLimit = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > bottomLimit(doc)) doc.addPage();
}

function drawHeader(doc: Doc, input: CertificatePdfInput) {
  const left = doc.page.margins.left;
  const top = doc.y;
  let textLeft = left;
  if (input.logo) {
    doc.image(input.logo, left, top, { fit: [110, 64] });
    textLeft = left + 124;
  }
  const width = contentWidth(doc) - (textLeft - left);
  const { company } = input;
  doc
    .font('bold')
    .fontSize(15)
    .fillColor('#0f172a')
    .text(company.name ?? 'Applicator', textLeft, top, { width });
  doc.font('regular').fontSize(9).fillColor(MUTED);
  const lines = [
    company.address,
    [company.phone, company.email].filter(Boolean).join('  ·  '),
    [company.abn ? `ABN ${formatAbn(company.abn)}` : null, company.licence ? `Licence ${company.licence}` : null]
      .filter(Boolean)
      .join('  ·  '),
  ].filter((line): line is string => Boolean(line));
  for (const line of lines) doc.text(line, textLeft, doc.y, { width });
  doc.y = Math.max(doc.y, top + (input.logo ? 64 : 0)) + 18;

  doc
    .moveTo(left, doc.y)
    .lineTo(left + contentWidth(doc), doc.y)
    .lineWidth(2)
    .strokeColor(BRAND)
    .stroke();
  doc.moveDown(0.8);
  doc.font('bold').fontSize(20).fillColor(BRAND).text('Certificate of Compliance', left, doc.y);
  if (input.draft) {
    doc
      .font('bold')
      .fontSize(10)
      .fillColor('#b91c1c')
      .text('DRAFT: not issued. This is not a valid certificate until it is completed.');
  }
  doc.font('regular').fontSize(10).fillColor('#0f172a');
  doc.text(
    [
      `Certificate number: ${input.certificateNumber ?? 'not issued (draft)'}`,
      `Issue date: ${input.issueDate ?? 'not issued (draft)'}`,
    ].join('     '),
  );
  doc.moveDown(1);
}

function section(doc: Doc, title: string, body: string | string[]) {
  ensureSpace(doc, 40);
  doc.font('bold').fontSize(11).fillColor(BRAND).text(title, doc.page.margins.left, doc.y);
  doc.moveDown(0.2);
  doc.font('regular').fontSize(10).fillColor('#0f172a');
  if (Array.isArray(body)) {
    doc.list(body.length > 0 ? body : ['None recorded'], { bulletRadius: 1.8, textIndent: 10 });
  } else {
    doc.text(body.trim() || 'None recorded', { width: contentWidth(doc) });
  }
  doc.moveDown(0.8);
}

function drawJobDetails(doc: Doc, input: CertificatePdfInput) {
  section(doc, 'Job site address', input.jobSiteAddress);
  section(doc, 'Installation date', input.installationDate ?? 'Not recorded');
  section(doc, 'Areas treated', input.areas);
  section(doc, 'Standards complied with', input.standards);
  section(doc, 'Materials used', input.materialsUsed);
  section(doc, 'Additional information', input.additionalInfo);
}

function drawDeclaration(doc: Doc, input: CertificatePdfInput) {
  ensureSpace(doc, 130);
  const left = doc.page.margins.left;
  doc.font('bold').fontSize(11).fillColor(BRAND).text('Declaration', left, doc.y);
  doc.moveDown(0.2);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#0f172a')
    .text(
      'I certify that the work described above was carried out in accordance with the standards listed and the manufacturers’ instructions for the materials used.',
      { width: contentWidth(doc) },
    );
  doc.moveDown(0.6);
  const top = doc.y;
  if (input.signature) doc.image(input.signature, left, top, { fit: [180, 60], valign: 'bottom' });
  doc
    .moveTo(left, top + 64)
    .lineTo(left + 200, top + 64)
    .lineWidth(0.5)
    .strokeColor(MUTED)
    .stroke();
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `${input.company.applicatorName ?? 'Applicator'}${input.issueDate ? `  ·  ${input.issueDate}` : ''}`,
      left,
      top + 68,
    );
  doc.moveDown(1.2);
}

async function drawVerification(doc: Doc, input: CertificatePdfInput) {
  const boxHeight = 104;
  ensureSpace(doc, boxHeight + 10);
  const left = doc.page.margins.left;
  const top = doc.y;
  const width = contentWidth(doc);
  doc.roundedRect(left, top, width, boxHeight, 6).lineWidth(0.75).strokeColor('#cbd5e1').stroke();
  drawQrCode(doc, input.verifyUrl, left + 12, top + 12, boxHeight - 24);
  const textLeft = left + boxHeight + 4;
  const textWidth = width - boxHeight - 16;
  doc
    .font('bold')
    .fontSize(10)
    .fillColor('#0f172a')
    .text('Verify this certificate', textLeft, top + 12, { width: textWidth });
  doc.font('regular').fontSize(8.5).fillColor(MUTED).text('Scan the code or open:', { width: textWidth });
  // On a line of its own, so the address is never split where a reader would copy it.
  doc.fontSize(7.5).fillColor('#0f172a').text(input.verifyUrl, { width: textWidth, lineBreak: false });
  doc.moveDown(0.3);
  doc.fontSize(8.5).fillColor(MUTED);
  doc.text('SHA-256 fingerprint of the certificate content (compare with the online record):', { width: textWidth });
  doc.font('mono').fontSize(8).fillColor('#0f172a').text(input.fingerprint, { width: textWidth });
  doc.y = top + boxHeight + 16;
  doc.x = left;
}

/** Draws the QR code as vector squares: crisp at any zoom and a few hundred bytes. */
function drawQrCode(doc: Doc, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / count;
  doc.save().fillColor('#000000');
  for (let row = 0; row < count; row++) {
    // One rectangle per run of dark modules: a third of the drawing operations of one per module.
    let runStart = -1;
    for (let column = 0; column <= count; column++) {
      const dark = column < count && qr.modules.get(row, column);
      if (dark && runStart < 0) runStart = column;
      if (!dark && runStart >= 0) {
        doc.rect(x + runStart * cell, y + row * cell, (column - runStart) * cell + 0.1, cell + 0.1);
        runStart = -1;
      }
    }
  }
  doc.fill().restore();
}

/** Two columns; each photo scaled to fit its cell (never cropped); rows flow onto new pages. */
function drawPhotos(doc: Doc, photos: CertificatePdfInput['photos']) {
  if (photos.length === 0) return;
  const left = doc.page.margins.left;
  const gap = 16;
  const cellWidth = (contentWidth(doc) - gap) / 2;
  const imageHeight = 190;
  ensureSpace(doc, 40 + imageHeight);
  doc.font('bold').fontSize(11).fillColor(BRAND).text('Photos', left, doc.y);
  doc.moveDown(0.4);
  for (let index = 0; index < photos.length; index += 2) {
    const row = photos.slice(index, index + 2);
    doc.font('regular').fontSize(9);
    const captionHeight = Math.max(
      ...row.map((photo) => (photo.caption ? doc.heightOfString(photo.caption, { width: cellWidth }) : 0)),
    );
    ensureSpace(doc, imageHeight + captionHeight + 12);
    const top = doc.y;
    row.forEach((photo, column) => {
      const x = left + column * (cellWidth + gap);
      doc.rect(x, top, cellWidth, imageHeight).fillColor('#f1f5f9').fill();
      doc.image(photo.image, x, top, { fit: [cellWidth, imageHeight], align: 'center', valign: 'center' });
      if (photo.caption) {
        doc.fillColor(MUTED).text(photo.caption, x, top + imageHeight + 4, { width: cellWidth });
      }
    });
    doc.y = top + imageHeight + captionHeight + 16;
    doc.x = left;
  }
}

/** Page numbers, and a DRAFT watermark on every page of a draft. */
function finishPages(doc: Doc, input: CertificatePdfInput) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Writing below the bottom margin would make pdfkit add a page; lift the margin while we do.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        `${input.certificateNumber ?? 'Draft certificate'}  ·  Page ${index - range.start + 1} of ${range.count}`,
        MARGIN,
        doc.page.height - MARGIN,
        { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false },
      );
    if (input.draft) {
      const centreX = doc.page.width / 2;
      const centreY = doc.page.height / 2;
      doc.save();
      doc.rotate(-40, { origin: [centreX, centreY] });
      doc
        .font('bold')
        .fontSize(120)
        .fillColor('#dc2626')
        .fillOpacity(0.14)
        .text('DRAFT', centreX - 400, centreY - 70, { width: 800, align: 'center', lineBreak: false });
      doc.restore();
    }
    doc.page.margins.bottom = bottom;
  }
}

/**
 * Renders a throwaway draft so the first real download does not pay for fontkit reading its tables
 * and the JIT compiling the layout code (~0.3 s once per process). Returns the time it took.
 */
export async function warmUpPdfEngine(): Promise<number> {
  const started = performance.now();
  await renderCertificatePdf({
    certificateNumber: null,
    issueDate: null,
    draft: true,
    company: {
      name: 'Warm-up Pty Ltd',
      address: '1 Example Street, Sydney NSW 2000',
      phone: '0400 000 000',
      email: 'warm-up@example.com',
      abn: '51824753556',
      licence: 'WU-1',
      applicatorName: 'Zoë Ng-Đặng',
    },
    logo: null,
    signature: null,
    jobSiteAddress: '1 Example Street, Sydney NSW 2000',
    installationDate: null,
    areas: 'Ensuite; Laundry; Balcony',
    standards: ['AS 3740-2021'],
    materialsUsed: 'Membrane, 2 coats; bond breaker tape',
    additionalInfo: 'Flood test held for 24 hours.',
    photos: [],
    verifyUrl: 'https://example.com/certificates/00000000-0000-0000-0000-000000000000',
    fingerprint: '0'.repeat(64),
  });
  return performance.now() - started;
}
