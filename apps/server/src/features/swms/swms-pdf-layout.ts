import {
  consequenceLabels,
  controlLevelKeys,
  controlLevels,
  hrcwCategories,
  hrcwCategoryKeys,
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
  type Doc,
  ensureSpace,
  sectionHeading,
  textSection,
} from '../../platform/pdf/document.ts';
import {
  drawVersionVerifyBox,
  type PrintedVersion,
  renderPrintedDocument,
} from '../../platform/pdf/printed-document.ts';
import { definePdfJob } from '../../platform/pdf/render-pool.ts';
import { SAMPLE_JPEG } from '../../platform/pdf/sample-image.ts';
import type { SignatureCertificate } from '../../platform/pdf/signature-certificate.ts';
import { drawTable, type TableCell } from '../../platform/pdf/table.ts';
import { VERIFY_BOX_SPACE } from '../../platform/pdf/verify-box.ts';
import {
  type CoverSheetPdfPart,
  drawCoverSheet,
  drawIssuedBy,
  drawSafetyDocumentHeading,
  formatDate,
  type PdfBusiness,
} from './cover-sheet-pdf-layout.ts';

export type SwmsPdfInput = {
  business: PdfBusiness;
  swms: PrintedVersion & { body: SwmsBody };
  cover: CoverSheetPdfPart | null;
  /** Where the QR code leads; null for a draft (not ready), which prints as a draft without one. */
  verifyUrl: string | null;
  /** Signed entries to print on the register; an empty register (for paper) when there are none. */
  register: RegisterEntry[];
  /** The owner's IANA time zone, in which the register's signing times are printed. */
  timeZone: string;
  /** The signed PDF's last pages (ADR 0049): drawn after the register, numbered with the rest. */
  signatureCertificate?: SignatureCertificate | null;
};

const SAMPLE_DATE = '1 January 2000';
const sampleVersion = {
  number: 'SWMS-2000-0001',
  version: 1,
  fingerprint: '0'.repeat(64),
  date: SAMPLE_DATE,
  current: true,
};

/**
 * A made-up SWMS behind its cover sheet, every high-risk category ticked and a control at every
 * level: a worker draws it in the background once warm (ADR 0100), so a real one's labels are words
 * already shaped. `name` goes where a real one's names do; its logo, signature and a signed entry of
 * the register are one tiny JPEG, so embedding pictures is compiled code too (ADR 0103).
 */
function sampleSwms(name: string): SwmsPdfInput {
  const supervisor = `${name} Supervisor`;
  const business = {
    name: `${name} Membranes Pty Ltd`,
    abn: '00000000000',
    address: '1 Sample Road, Parramatta NSW 2150',
  };
  const contact = { phone: '02 9000 0000', email: 'office@sample.example' };
  return {
    business: {
      ...business,
      ...contact,
      logo: SAMPLE_JPEG,
      applicatorName: supervisor,
      signature: SAMPLE_JPEG,
    },
    swms: {
      ...sampleVersion,
      body: {
        title: 'Sample membrane application',
        work_location: '2 Sample Street, Parramatta NSW 2150',
        scope_of_work: 'Prime and membrane wet areas.',
        person_responsible: supervisor,
        reviewer: 'Sample Reviewer',
        date_prepared: '2000-01-01',
        review_date: '2000-07-01',
        hrcw_categories: [...hrcwCategoryKeys],
        steps: [
          {
            description: 'Prime the substrate',
            hazards: 'Solvent vapour; slips',
            initial_risk: { likelihood: 'likely', consequence: 'moderate' },
            controls: controlLevelKeys.map((level) => ({ level, text: 'Sample control' })),
            residual_risk: { likelihood: 'unlikely', consequence: 'minor' },
            responsible: supervisor,
          },
        ],
        ppe: ['Safety glasses'],
        plant: [{ name: 'Sample mixer', licence_required: false, licence: '' }],
        substances: [{ name: 'Sample primer', sds_attached: true }],
        qualifications: ['White card'],
        codes_of_practice: ['Sample code of practice'],
        emergency_procedures: 'Call 000.',
      },
    },
    cover: {
      ...sampleVersion,
      number: 'CS-2000-0001',
      verifyUrl: 'https://example.com/verify/cover-sheet/00000000-0000-0000-0000-000000000000/1',
      swms: [{ ...sampleVersion, title: 'Sample membrane application', personResponsible: supervisor }],
      body: {
        business: { ...business, ...contact },
        principal_contractor: {
          company: 'Sample Builders',
          project_name: 'Sample project',
          site_address: '2 Sample Street, Parramatta NSW 2150',
          project_manager: 'Sample Manager',
          date_given: '2000-01-01',
        },
        approved_by: { name: supervisor, position: 'Director', date: '2000-01-01' },
        person_responsible: supervisor,
        review_date: '2000-07-01',
        swms_ids: ['00000000-0000-0000-0000-000000000000'],
        other_documents: ['Sample register'],
      },
    },
    verifyUrl: 'https://example.com/verify/swms/00000000-0000-0000-0000-000000000000/1',
    register: [
      {
        name: `${name} Worker`,
        company: `${name} Membranes`,
        role: null,
        signedAt: new Date(0),
        signature: SAMPLE_JPEG,
      },
    ],
    timeZone: 'Australia/Sydney',
  };
}

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
export function renderSwmsPdf(input: SwmsPdfInput): Promise<Buffer> {
  const { swms, business } = input;
  return renderPrintedDocument(
    {
      title: `SWMS ${swms.number} v${swms.version}`,
      author: business.name || 'TradeCert',
      subject: swms.body.title,
      budget: PRINT_BUDGETS.swms,
      signatureCertificate: input.signatureCertificate,
      marks: { label: swms.number, version: `v${swms.version}`, fingerprint: swms.fingerprint, logo: business.logo },
      draft: !input.verifyUrl,
    },
    (doc) => {
      if (input.cover) {
        drawCoverSheet(doc, business, input.cover);
        addPage(doc, 'portrait');
      }
      drawSummary(doc, business, swms, input.verifyUrl !== null);
      drawSteps(doc, swms.body);
      drawControlsAndVerifyBox(doc, swms, input.verifyUrl);
      addPage(doc, 'landscape');
      drawRegister(doc, swms, input.register, (at) => dates.withTime(at, input.timeZone));
    },
  );
}

/** The first page: the letterhead, what the SWMS is and its details, its scope and high-risk work. */
function drawSummary(doc: Doc, business: PdfBusiness, swms: SwmsPdfInput['swms'], issued: boolean) {
  drawSafetyDocumentHeading(doc, business, 'Safe Work Method Statement');
  doc
    .font('bold')
    .fontSize(12)
    .fillColor(colours.ink)
    .text(swms.body.title || 'Untitled SWMS');
  doc.font('regular').fontSize(10).fillColor(colours.ink);
  doc.text(
    `SWMS number: ${swms.number}     Version: v${swms.version}${swms.current ? ' (current)' : ' (superseded)'}     Version date: ${swms.date}`,
  );
  if (issued) drawIssuedBy(doc, business, business.name);
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
}

/** The job steps on landscape pages, with the risk legend under them. */
function drawSteps(doc: Doc, body: SwmsBody) {
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
    rows: body.steps.map((step, index) => [
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
}

/** PPE, plant, substances and the other sections, then the verify box once the SWMS is issued. */
function drawControlsAndVerifyBox(doc: Doc, swms: SwmsPdfInput['swms'], verifyUrl: string | null) {
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
  if (verifyUrl) ensureSpace(doc, LAST_SECTION_SPACE + VERIFY_BOX_SPACE);
  textSection(
    doc,
    'Putting the controls in place, monitoring and review',
    `The person responsible for compliance checks the controls are in place before work starts and daily while it continues. Work stops and this SWMS is reviewed if a control is not working, the work changes, or an incident happens; ${
      swms.body.review_date
        ? `otherwise it is reviewed by ${formatDate(swms.body.review_date)}.`
        : 'no other review date was set.'
    }`,
  );
  if (verifyUrl) drawVersionVerifyBox(doc, swms, verifyUrl);
}

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
  swms: SwmsPdfInput['swms'],
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

/** The SWMS as a job of the PDF workers (src/pdf-worker.ts). */
export const swmsPdfJob = definePdfJob('swms', renderSwmsPdf, { sample: sampleSwms });
