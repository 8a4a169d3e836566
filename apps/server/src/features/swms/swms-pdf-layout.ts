import {
  type CoverSheetBody,
  consequenceLabels,
  controlLevels,
  formatAbn,
  hrcwCategories,
  likelihoodLabels,
  PRINT_BUDGETS,
  type RiskAssessment,
  riskRating,
  riskRatingLabels,
  type SwmsBody,
} from '@app/contract';
import { dates } from '../../platform/dates.ts';
import type { RegisterEntry } from '../../platform/documents/signable-source.ts';
import {
  addPage,
  colours,
  contentLeft,
  contentWidth,
  createPdf,
  type Doc,
  ensureSpace,
  sectionHeading,
  textSection,
} from '../../platform/pdf/document.ts';
import { drawLetterhead } from '../../platform/pdf/letterhead.ts';
import { DRAFT_WATERMARK, stampPages } from '../../platform/pdf/page-marks.ts';
import { definePdfJob } from '../../platform/pdf/render-pool.ts';
import { drawSignatureBlock } from '../../platform/pdf/signature-block.ts';
import {
  drawSignatureCertificate,
  type SignatureCertificate,
  withSignatureCertificate,
} from '../../platform/pdf/signature-certificate.ts';
import { tagged } from '../../platform/pdf/structure.ts';
import { drawTable, type TableCell } from '../../platform/pdf/table.ts';
import { drawVerifyBox, VERIFY_BOX_SPACE } from '../../platform/pdf/verify-box.ts';

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
};

type PdfVersion = { number: string; version: number; fingerprint: string; date: string; current: boolean };

export type CoverSheetPdfPart = PdfVersion & {
  body: CoverSheetBody;
  /**
   * Where the sheet's own QR code leads; null while it is a draft. Printed in front of a SWMS too,
   * the sheet carries its own verify box: a page that travels alone can be checked (issue 29).
   */
  verifyUrl: string | null;
  /** The SWMS the sheet covers, as they are now. */
  swms: Array<{ number: string; title: string; version: number; personResponsible: string }>;
};

export type SwmsPdfInput = {
  business: PdfBusiness;
  swms: PdfVersion & { body: SwmsBody };
  cover: CoverSheetPdfPart | null;
  /** Where the QR code leads; null for a draft (not ready), which prints as a draft without one. */
  verifyUrl: string | null;
  /** Signed entries to print on the register; an empty register (for paper) when there are none. */
  register: RegisterEntry[];
  /** The owner's IANA time zone, in which the register's signing times are printed. */
  timeZone: string;
  /** The signed PDF's last pages (issue 29): drawn after the register, numbered with the rest. */
  signatureCertificate?: SignatureCertificate | null;
};

export type CoverSheetPdfInput = {
  business: PdfBusiness;
  cover: CoverSheetPdfPart;
  /** The signed PDF's last pages (issue 29), numbered with the sheet's. */
  signatureCertificate?: SignatureCertificate | null;
};

/** A calendar date the user picked (no time zone of its own), e.g. "24 November 2026". */
const formatDate = (isoDate: string | null) => (isoDate ? dates.calendar(isoDate) : 'Not recorded');

/** Fill colours of the risk ratings; the rating is always printed as text too. */
const riskFills = { low: '#bbf7d0', medium: '#fef08a', high: '#fdba74', extreme: '#fca5a5' } as const;

function riskCell(assessment: RiskAssessment | null): TableCell {
  if (!assessment) return 'Not rated';
  const rating = riskRating(assessment);
  return {
    text: `${riskRatingLabels[rating].toUpperCase()}\n${likelihoodLabels[assessment.likelihood]} × ${consequenceLabels[assessment.consequence]}`,
    fill: riskFills[rating],
    bold: true,
  };
}

const EMPTY_REGISTER_ROWS = 10;
const REGISTER_ROW_HEIGHT = 34;

/** The SWMS (cover sheet in front when there is one): A4, job steps on landscape pages, register last. */
export async function renderSwmsPdf(input: SwmsPdfInput): Promise<Buffer> {
  const { swms, business } = input;
  const { doc, end } = createPdf({
    title: `SWMS ${swms.number} v${swms.version}`,
    author: business.name || 'TradeCert',
    subject: swms.body.title,
    budget: withSignatureCertificate(PRINT_BUDGETS.swms, input.signatureCertificate),
  });
  if (input.cover) {
    drawCoverSheet(doc, business, input.cover);
    addPage(doc, 'portrait');
  }
  drawBusinessHeader(doc, business);
  tagged(doc, 'H1', () =>
    doc.font('bold').fontSize(18).fillColor(colours.brand).text('Safe Work Method Statement', contentLeft(doc), doc.y),
  );
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(colours.ink)
    .text(swms.body.title || 'Untitled SWMS');
  doc.font('regular').fontSize(10).fillColor(colours.ink);
  doc.text(
    `SWMS number: ${swms.number}     Version: v${swms.version}${swms.current ? ' (current)' : ' (superseded)'}     Version date: ${swms.date}`,
  );
  doc.moveDown(0.8);
  drawTable(doc, {
    columns: [
      { header: 'Detail', weight: 1 },
      { header: '', weight: 3 },
    ],
    rows: [
      ['Project / work location', swms.body.work_location || 'Not recorded'],
      ['Person responsible for compliance', swms.body.person_responsible || 'Not recorded'],
      ['Reviewer', swms.body.reviewer || 'Not recorded'],
      ['Date prepared', formatDate(swms.body.date_prepared)],
      ['Review date', formatDate(swms.body.review_date)],
    ],
  });
  textSection(doc, 'Scope of work', swms.body.scope_of_work);
  textSection(
    doc,
    'High-risk construction work (WHS Regulations reg. 291)',
    swms.body.hrcw_categories.map((category) => hrcwCategories[category]),
  );

  addPage(doc, 'landscape');
  sectionHeading(doc, 'Job steps, hazards, risks and controls');
  drawTable(doc, {
    fontSize: 8,
    columns: [
      { header: '#', weight: 0.35 },
      { header: 'Job step', weight: 2 },
      { header: 'Hazards', weight: 2.2 },
      { header: 'Initial risk', weight: 1.2 },
      { header: 'Control measures (hierarchy of controls)', weight: 3.6 },
      { header: 'Residual risk', weight: 1.2 },
      { header: 'Responsible', weight: 1.1 },
    ],
    rows: swms.body.steps.map((step, index) => [
      String(index + 1),
      step.description,
      step.hazards,
      riskCell(step.initial_risk),
      step.controls.map((control) => `${controlLevels[control.level]}: ${control.text}`).join('\n'),
      riskCell(step.residual_risk),
      step.responsible,
    ]),
  });
  drawRiskLegend(doc);

  addPage(doc, 'portrait');
  textSection(doc, 'PPE required', swms.body.ppe);
  sectionHeading(doc, 'Plant and equipment');
  drawTable(doc, {
    columns: [
      { header: 'Plant or equipment', weight: 3 },
      { header: 'Licence needed', weight: 2 },
    ],
    rows: swms.body.plant.map((item) => [
      item.name,
      item.licence_required ? `Yes: ${item.licence || 'see site'}` : 'No',
    ]),
  });
  sectionHeading(doc, 'Hazardous substances');
  drawTable(doc, {
    columns: [
      { header: 'Substance', weight: 3 },
      { header: 'SDS attached', weight: 1 },
    ],
    rows: swms.body.substances.map((item) => [item.name, item.sds_attached ? 'Yes' : 'No']),
  });
  textSection(doc, 'Qualifications, licences and inductions', swms.body.qualifications);
  textSection(doc, 'Codes of practice and standards consulted', swms.body.codes_of_practice);
  textSection(doc, 'Emergency procedures', swms.body.emergency_procedures);
  // The last section and the verify box share a page: the box never stands alone on one.
  if (input.verifyUrl) ensureSpace(doc, LAST_SECTION_SPACE + VERIFY_BOX_SPACE);
  textSection(
    doc,
    'Putting the controls in place, monitoring and review',
    `The person responsible for compliance checks the controls are in place before work starts and daily while it continues. Work stops and this SWMS is reviewed if a control is not working, the work changes, or an incident happens; ${
      swms.body.review_date
        ? `otherwise it is reviewed by ${formatDate(swms.body.review_date)}.`
        : 'no other review date was set.'
    }`,
  );
  if (input.verifyUrl) {
    drawVerifyBox(doc, {
      title: `Verify ${swms.number} version ${swms.version}`,
      url: input.verifyUrl,
      fingerprintLabel: 'SHA-256 fingerprint of this version (compare with the online record):',
      fingerprint: swms.fingerprint,
    });
  }

  addPage(doc, 'landscape');
  drawRegister(doc, swms, input.register, (at) => dates.withTime(at, input.timeZone));
  if (input.signatureCertificate) drawSignatureCertificate(doc, input.signatureCertificate);
  stampPages(doc, {
    label: swms.number,
    version: `v${swms.version}`,
    fingerprint: swms.fingerprint,
    logo: business.logo,
    ...(input.verifyUrl ? {} : { watermark: DRAFT_WATERMARK }),
  });
  return end();
}

/** A cover sheet alone. */
async function renderCoverSheetPdf(input: CoverSheetPdfInput): Promise<Buffer> {
  const { doc, end } = createPdf({
    title: `SWMS cover sheet ${input.cover.number}`,
    author: input.business.name || 'TradeCert',
    subject: input.cover.body.principal_contractor.project_name,
    budget: withSignatureCertificate(PRINT_BUDGETS.coverSheet, input.signatureCertificate),
  });
  drawCoverSheet(doc, input.business, input.cover);
  if (input.signatureCertificate) drawSignatureCertificate(doc, input.signatureCertificate);
  stampPages(doc, {
    label: input.cover.number,
    version: `v${input.cover.version}`,
    fingerprint: input.cover.fingerprint,
    logo: input.business.logo,
    ...(input.cover.verifyUrl ? {} : { watermark: DRAFT_WATERMARK }),
  });
  return end();
}

function drawBusinessHeader(doc: Doc, business: PdfBusiness) {
  drawLetterhead(doc, {
    logo: business.logo,
    name: business.name || 'Business name not set',
    lines: [
      business.address,
      [business.phone, business.email].filter(Boolean).join('  ·  '),
      business.abn ? `ABN ${formatAbn(business.abn)}` : '',
    ].filter(Boolean),
  });
}

/** The cover sheet, ending with its verify box once it is issued. */
function drawCoverSheet(doc: Doc, business: PdfBusiness, cover: CoverSheetPdfPart) {
  const { body } = cover;
  // The sheet's own, else the SWMS it covers name theirs.
  const responsible =
    body.person_responsible ||
    [...new Set(cover.swms.map((swms) => swms.personResponsible).filter(Boolean))].join('; ') ||
    'Not recorded';
  drawBusinessHeader(doc, {
    ...business,
    name: body.business.name || business.name,
    abn: body.business.abn,
    address: body.business.address,
    phone: body.business.phone,
    email: body.business.email,
  });
  tagged(doc, 'H1', () =>
    doc.font('bold').fontSize(18).fillColor(colours.brand).text('SWMS Cover Sheet', contentLeft(doc), doc.y),
  );
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(colours.ink)
    .text(`Cover sheet ${cover.number}     Version: v${cover.version}     Date: ${cover.date}`);
  if (!cover.verifyUrl) {
    // Said on the page too, as a certificate's draft does: in front of a SWMS the sheet has no watermark of its own.
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(colours.danger)
      .text('DRAFT: not issued. This cover sheet is not valid until it is ready.');
  }
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
  if (cover.verifyUrl) {
    drawVerifyBox(doc, {
      title: `Verify ${cover.number} version ${cover.version}`,
      url: cover.verifyUrl,
      fingerprintLabel: 'SHA-256 fingerprint of this version (compare with the online record):',
      fingerprint: cover.fingerprint,
    });
  }
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('en-AU') === b.trim().toLocaleLowerCase('en-AU');

/** Room for the SWMS's last section, a heading and a few lines. */
const LAST_SECTION_SPACE = 90;

function drawRiskLegend(doc: Doc) {
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(colours.muted)
    .text(
      'Risk = likelihood (rare, unlikely, possible, likely, almost certain) × consequence (insignificant, minor, moderate, major, catastrophic), rated LOW, MEDIUM, HIGH or EXTREME. Extreme or high residual risk: do not start without the supervisor’s approval.',
      contentLeft(doc),
      doc.y,
      { width: contentWidth(doc) },
    );
}

/** The worker sign-on register: the declaration, then one row per worker (blank rows for paper). */
function drawRegister(
  doc: Doc,
  swms: PdfVersion & { body: SwmsBody },
  entries: RegisterEntry[],
  formatTime: (at: Date) => string,
) {
  sectionHeading(doc, 'Worker sign-on register');
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(colours.ink)
    .text(
      `Declaration: by signing below I confirm that I have read and understood ${swms.number} "${swms.body.title || 'Untitled SWMS'}" version ${swms.version}, that its hazards and control measures were explained to me, and that I will follow it. If the work or the controls change, I will stop and sign the new version.`,
      { width: contentWidth(doc) },
    );
  doc.moveDown(0.6);
  const columns = [
    { header: 'Name', weight: 2.2 },
    { header: 'Company', weight: 2.2 },
    { header: 'Date', weight: 1.6 },
    { header: 'Signature', weight: 2.4 },
  ];
  const rows: TableCell[][] = entries.length
    ? entries.map((entry) => [
        entry.name,
        entry.company ?? '',
        formatTime(entry.signedAt),
        entry.signature ? { text: '', image: entry.signature } : '(signed online)',
      ])
    : Array.from({ length: EMPTY_REGISTER_ROWS }, () => ['', '', '', '']);
  drawTable(doc, { columns, rows, fontSize: 9, minRowHeight: REGISTER_ROW_HEIGHT });
}

/** The two kinds as jobs of the PDF workers (src/pdf-worker.ts). */
export const swmsPdfJob = definePdfJob('swms', renderSwmsPdf);
export const coverSheetPdfJob = definePdfJob('cover-sheet', renderCoverSheetPdf);
