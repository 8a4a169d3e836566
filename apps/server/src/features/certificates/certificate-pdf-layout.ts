import {
  type CertificateChecklist,
  checklistTitle,
  describeRule,
  isFlagged,
  judgeChecklist,
  KNOWN_STANDARDS,
  type MaterialLine,
  outcomeLabels,
  PRINT_BUDGETS,
  type StateDetailsSection,
  shownEntry,
} from '@app/contract';
import {
  colours,
  contentLeft,
  contentWidth,
  type Doc,
  sectionHeading,
  textSection,
} from '../../platform/pdf/document.ts';
import { drawPhotoGrid, type GridPhoto } from '../../platform/pdf/photo-grid.ts';
import { drawDocumentHeading, drawDraftNotice, renderPrintedDocument } from '../../platform/pdf/printed-document.ts';
import { definePdfJob } from '../../platform/pdf/render-pool.ts';
import { SAMPLE_JPEG } from '../../platform/pdf/sample-image.ts';
import { drawSignatureBlock } from '../../platform/pdf/signature-block.ts';
import type { SignatureCertificate } from '../../platform/pdf/signature-certificate.ts';
import { tagged } from '../../platform/pdf/structure.ts';
import { drawTable } from '../../platform/pdf/table.ts';
import { isolated } from '../../platform/pdf/text-runs.ts';
import { drawVerifyBox, VERIFY_BOX_SPACE } from '../../platform/pdf/verify-box.ts';

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
  /** "Issued by <member> for <company>", beneath the signature of an issued version when the business had several members. */
  issuedBy: string | null;
  jobSiteAddress: string;
  installationDate: string | null;
  areas: string;
  standards: string[];
  /** Lot and plan, council area and so on; for Queensland in the order of Form 43. */
  stateDetails: StateDetailsSection | null;
  /** The materials applied, line by line, and any written as text (all older certificates have). */
  materials: MaterialLine[];
  materialsUsed: string;
  additionalInfo: string;
  /** The checklists recorded on it, each item with its value, rule and result. */
  checklists: PrintedChecklist[];
  /** By stage ("Substrate", …), then the photos no checklist names; captions carry when each was taken. */
  photoGroups: Array<{ stage: string | null; photos: GridPhoto[] }>;
  /** Where the QR code leads (this version's own record); null on a draft, which has no record yet. */
  verifyUrl: string | null;
  fingerprint: string;
  /** e.g. "Version 2 — amended 3 December 2026", with the owner's reason; null for version 1. */
  amendment: { line: string; reason: string | null } | null;
  /** The signed PDF's last pages (ADR 0049): drawn after the photos, numbered with the rest. */
  signatureCertificate?: SignatureCertificate | null;
};

export type PrintedChecklist = {
  title: string;
  items: Array<{
    stage: string;
    label: string;
    value: string;
    rule: string;
    result: string;
    warn: boolean;
    note: string;
  }>;
};

/** A checklist as printed: every item of its template, with what was recorded, the rule and the result. */
export function printedChecklist(checklist: CertificateChecklist): PrintedChecklist {
  return {
    title: checklistTitle(checklist),
    items: judgeChecklist(checklist).map(({ stage, item, entry, outcome }) => ({
      stage,
      label: item.label,
      value: shownEntry(item, entry),
      rule: describeRule(item, checklist.ncc_edition),
      result: outcomeLabels[outcome],
      warn: isFlagged(outcome),
      note: entry?.note ?? '',
    })),
  };
}

/** An A4 certificate of compliance, built from the PDF primitives: fonts embedded, photos never cropped. */
export function renderCertificatePdf(input: CertificatePdfInput): Promise<Buffer> {
  return renderPrintedDocument(
    {
      title: `Certificate of Compliance ${input.certificateNumber ?? '(draft)'}`,
      author: input.company.name ?? 'TradeCert',
      subject: input.jobSiteAddress,
      budget: PRINT_BUDGETS.certificate,
      signatureCertificate: input.signatureCertificate,
      marks: { label: input.certificateNumber ?? 'Draft certificate' },
      draft: input.draft,
    },
    (doc) => {
      drawHeader(doc, input);
      textSection(doc, 'Job site address', input.jobSiteAddress);
      textSection(doc, 'Installation date', input.installationDate ?? 'Not recorded');
      textSection(doc, 'Areas treated', input.areas);
      textSection(doc, 'Standards complied with', input.standards);
      if (input.stateDetails) drawStateDetails(doc, input.stateDetails);
      drawMaterials(doc, input);
      textSection(doc, 'Additional information', input.additionalInfo);
      for (const checklist of input.checklists) drawChecklist(doc, checklist);
      drawDeclaration(doc, input);
      if (input.verifyUrl) {
        drawVerifyBox(doc, {
          title: 'Verify this certificate',
          url: input.verifyUrl,
          fingerprintLabel: 'SHA-256 fingerprint of the certificate content (compare with the online record):',
          fingerprint: input.fingerprint,
        });
      }
      drawPhotoGroups(doc, input.photoGroups);
    },
  );
}

/** The photos by stage, each group under its own heading. */
function drawPhotoGroups(doc: Doc, photoGroups: CertificatePdfInput['photoGroups']) {
  const grouped = photoGroups.some((other) => other.stage !== null);
  for (const group of photoGroups) {
    if (group.photos.length === 0) continue;
    const title = group.stage ? `Photos: ${group.stage} stage` : grouped ? 'Other photos' : 'Photos';
    sectionHeading(doc, title, 230);
    doc.moveDown(0.2);
    drawPhotoGrid(doc, group.photos, { stage: group.stage });
  }
}

function drawHeader(doc: Doc, input: CertificatePdfInput) {
  const { company } = input;
  drawDocumentHeading(
    doc,
    { ...company, logo: input.logo, name: company.name ?? 'Applicator' },
    { text: 'Certificate of Compliance', fontSize: 20 },
  );
  if (input.draft) drawDraftNotice(doc, 'DRAFT: not issued. This is not a valid certificate until it is completed.');
  doc.font('regular').fontSize(10).fillColor(colours.ink);
  doc.text(
    [
      `Certificate number: ${input.certificateNumber ?? 'not issued (draft)'}`,
      `Issue date: ${input.issueDate ?? 'not issued (draft)'}`,
    ].join('     '),
  );
  if (input.amendment) {
    doc.font('bold').text(input.amendment.line);
    if (input.amendment.reason) doc.font('regular').text(`Reason for the amendment: ${input.amendment.reason}`);
    doc.font('regular');
  }
  doc.moveDown(1);
}

/** Two columns: what each detail is, and what was entered. */
function drawStateDetails(doc: Doc, section: StateDetailsSection) {
  sectionHeading(doc, section.heading, 80);
  if (section.note) doc.font('regular').fontSize(9).fillColor(colours.muted).text(section.note).moveDown(0.3);
  drawTable(doc, {
    columns: [
      { header: 'Detail', weight: 1 },
      { header: 'As recorded', weight: 2 },
    ],
    rows: section.rows,
  });
  doc.fillColor(colours.ink).moveDown(0.8);
}

/** The structured materials as a table, then any materials written as text (what older certificates have). */
function drawMaterials(doc: Doc, input: CertificatePdfInput) {
  if (input.materials.length === 0) {
    textSection(doc, 'Materials used', input.materialsUsed);
    return;
  }
  sectionHeading(doc, 'Materials used', 80);
  drawTable(doc, {
    columns: [
      { header: 'Product', weight: 3 },
      { header: 'Brand', weight: 2 },
      { header: 'Type or class', weight: 2 },
      { header: 'Batch', weight: 2 },
      { header: 'Coats', weight: 1 },
    ],
    rows: input.materials.map((line) => [
      line.product,
      line.brand,
      line.type_class,
      line.batch,
      line.coats === null ? '' : String(line.coats),
    ]),
  });
  doc.fillColor(colours.ink);
  if (input.materialsUsed.trim()) {
    doc.font('regular').fontSize(10).moveDown(0.3);
    doc.text(input.materialsUsed.trim(), contentLeft(doc), doc.y, { width: contentWidth(doc) });
  }
  doc.moveDown(0.8);
}

/**
 * A checklist, stage by stage: each item with what was recorded, its rule and its result. A
 * warning or a fail is printed in red and in words, so it reads in black and white too.
 */
function drawChecklist(doc: Doc, checklist: PrintedChecklist) {
  sectionHeading(doc, `Checklist: ${checklist.title}`, 80);
  let stage = '';
  for (const item of checklist.items) {
    if (item.stage !== stage) {
      stage = item.stage;
      tagged(doc, 'H3', () =>
        doc.moveDown(0.3).font('bold').fontSize(10).fillColor(colours.ink).text(stage, contentLeft(doc)),
      );
    }
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(colours.ink)
      .text(`${item.label}: ${item.value || 'not recorded'}`, contentLeft(doc), doc.y, {
        width: contentWidth(doc),
        continued: true,
      })
      .fillColor(item.warn ? colours.danger : colours.ink)
      .font(item.warn ? 'bold' : 'regular')
      .text(`  ${item.result.toUpperCase()}`);
    doc
      .font('regular')
      .fillColor(colours.muted)
      .text(`Rule: ${item.rule}${item.note ? `. Note: ${item.note}` : ''}`, {
        width: contentWidth(doc),
      })
      .moveDown(0.25);
  }
  doc.fillColor(colours.ink).moveDown(0.8);
}

function drawDeclaration(doc: Doc, input: CertificatePdfInput) {
  // The heading, the statement and the signature stay together, and with the verify box after them.
  sectionHeading(
    doc,
    'Declaration',
    130 + (input.issuedBy ? ISSUED_BY_SPACE : 0) + (input.verifyUrl ? VERIFY_BOX_SPACE : 0),
  );
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(colours.ink)
    .text(
      'I certify that the work described above was carried out in accordance with the standards listed and the manufacturers’ instructions for the materials used.',
      { width: contentWidth(doc) },
    );
  doc.moveDown(0.6);
  drawSignatureBlock(doc, {
    image: input.signature,
    caption: `${isolated(input.company.applicatorName ?? 'Applicator')}${input.issueDate ? `  ·  ${input.issueDate}` : ''}`,
  });
  if (input.issuedBy) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(colours.ink)
      .text(input.issuedBy, contentLeft(doc), doc.y + 2, { width: contentWidth(doc) });
  }
}

/** The height of the "Issued by" line under the signature, kept on the declaration's page. */
const ISSUED_BY_SPACE = 16;

/** Photos in the made-up certificate below: a page of them, as many as a job usually shares. */
const SAMPLE_PHOTOS = 6;

/**
 * A made-up issued certificate with every standard we know, a material and a checklist item: a
 * worker draws it in the background once warm (ADR 0100), so a real certificate's labels and
 * standards are words already shaped. `name` goes where a real one's names do; a logo, a signature
 * and a page of photos, all one tiny JPEG, so embedding pictures is compiled code too (ADR 0103).
 */
const sampleCertificate = (name: string): CertificatePdfInput => ({
  certificateNumber: 'WPC-2000-0001',
  issueDate: '1 January 2000',
  draft: false,
  company: {
    name: `${name} Membranes Pty Ltd`,
    address: '1 Sample Road, Parramatta NSW 2150',
    phone: '02 9000 0000',
    email: 'office@sample.example',
    abn: '00000000000',
    licence: 'SAMPLE-1',
    applicatorName: `${name} Applicator`,
  },
  logo: SAMPLE_JPEG,
  signature: SAMPLE_JPEG,
  issuedBy: `Issued by ${name} Applicator for ${name} Membranes Pty Ltd`,
  jobSiteAddress: '2 Sample Street, Parramatta NSW 2150',
  installationDate: '1 January 2000',
  areas: `Bathroom for ${name}: shower recess and floor; Laundry; Balcony`,
  standards: [...KNOWN_STANDARDS],
  stateDetails: null,
  materials: [{ product: 'Sample membrane', brand: 'Sample', type_class: 'Class III', batch: 'B-1', coats: 2 }],
  materialsUsed: 'Sample membrane, 2 coats at right angles; bond breaker at every junction',
  additionalInfo: `Water test over a day, seen by ${name}; membrane dry at inspection.`,
  checklists: [
    {
      title: 'Sample checklist',
      items: [
        {
          stage: 'Substrate',
          label: 'Falls to waste',
          value: '1:80',
          rule: 'At least 1:100',
          result: 'Pass',
          warn: false,
          note: '',
        },
      ],
    },
  ],
  photoGroups: [
    {
      stage: null,
      photos: Array.from({ length: SAMPLE_PHOTOS }, (_, index) => ({
        image: SAMPLE_JPEG,
        caption: `Photo ${index + 1}`,
      })),
    },
  ],
  verifyUrl: 'https://example.com/certificates/00000000-0000-0000-0000-000000000000',
  fingerprint: '0'.repeat(64),
  amendment: { line: 'Version 2 — amended 1 January 2000', reason: 'Sample' },
});

/** The certificate as a job of the PDF workers (src/pdf-worker.ts). */
export const certificatePdfJob = definePdfJob('certificate', renderCertificatePdf, { sample: sampleCertificate });
