import sharp from 'sharp';
import type { PdfBusiness } from '../apps/server/src/features/swms/cover-sheet-pdf-layout.ts';
import { renderSwmsPdf, type SwmsPdfInput } from '../apps/server/src/features/swms/swms-pdf-layout.ts';
import { throwawaySealIdentity } from '../apps/server/src/platform/crypto/seal-identity.ts';
import { processImage } from '../apps/server/src/platform/images/image-processing.ts';
import { sealPdf } from '../apps/server/src/platform/pdf/seal.ts';
import { readySwmsBody } from '../apps/server/test/support/swms.ts';
import { judge } from './goals.ts';
import { format } from './support.ts';

/**
 * The issued SWMS a principal contractor is handed: the ready SWMS of the tests, its cover sheet in
 * front and the business's logo, rendered and sealed as the server issues it. Its size is printed
 * beside the same SWMS alone, without cover sheet or logo, from the same run (goal in goals.ts).
 */
const DOCUMENT_ID = '6f1c2a1e-58a3-4a7e-9d1c-0f5b0a1d2e3f';

const business = (logo: Buffer | null): PdfBusiness => ({
  name: 'Harbour Waterproofing Pty Ltd',
  abn: '51824753556',
  address: '3 Gum Tree Lane, Penrith NSW 2750',
  phone: '0400 000 000',
  email: 'office@example.com',
  logo,
  applicatorName: 'Sam Supervisor',
  signature: null,
});

function swmsInput(logo: Buffer | null, withCover: boolean): SwmsPdfInput {
  const body = readySwmsBody();
  const swms = { number: 'SWMS-2026-0001', version: 1, fingerprint: 'a3'.repeat(32), date: '24 November 2026' };
  return {
    business: business(logo),
    swms: { ...swms, current: true, body },
    cover: withCover
      ? {
          number: 'CS-2026-0001',
          version: 1,
          fingerprint: 'b4'.repeat(32),
          date: '24 November 2026',
          current: true,
          verifyUrl: `https://app.example.com/verify/cover-sheet/${DOCUMENT_ID}/1`,
          swms: [{ ...swms, title: body.title, personResponsible: body.person_responsible }],
          body: {
            business: {
              name: 'Harbour Waterproofing Pty Ltd',
              abn: '51824753556',
              address: '3 Gum Tree Lane, Penrith NSW 2750',
              phone: '0400 000 000',
              email: 'office@example.com',
            },
            principal_contractor: {
              company: 'Harbourside Builders',
              project_name: 'Harbour St apartments',
              site_address: '12 Harbour St, Sydney NSW 2000',
              project_manager: 'Alex Manager',
              date_given: '2026-11-24',
            },
            approved_by: { name: 'Sam Supervisor', position: 'Director', date: '2026-11-24' },
            person_responsible: body.person_responsible,
            review_date: '2027-05-24',
            swms_ids: [DOCUMENT_ID],
            other_documents: ['SDS: Ardex WPM 300', 'Electrical test tags register'],
          },
        }
      : null,
    verifyUrl: `https://app.example.com/verify/swms/${DOCUMENT_ID}/1`,
    register: [],
    timeZone: 'Australia/Sydney',
  };
}

export async function runSwmsSizeBenchmark() {
  // A logo as a business uploads one: a 1200×480 PNG of flat shapes and the business's name.
  const upload = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="480">
        <rect width="1200" height="480" fill="#ffffff"/><circle cx="240" cy="240" r="180" fill="#0f766e"/>
        <path d="M150 300 Q240 120 330 300 Z" fill="#99f6e4"/>
        <text x="470" y="280" font-family="sans-serif" font-size="96" fill="#134e4a">Harbour WP</text>
      </svg>`,
    ),
  )
    .png()
    .toBuffer();
  const logo = (await processImage(upload, 'logo')).print;
  const { key } = await throwawaySealIdentity();
  const issued = async (input: SwmsPdfInput) =>
    sealPdf({
      pdf: await renderSwmsPdf(input),
      key,
      location: 'https://tradecert.example',
      version: { kind: 'swms', documentId: DOCUMENT_ID, version: 1, fingerprint: input.swms.fingerprint },
    });
  const alone = await issued(swmsInput(null, false));
  const whole = await issued(swmsInput(logo, true));
  const kilobytes = (pdf: Buffer) => pdf.length / 1024;
  console.log('\nIssued SWMS PDF (one job step), sealed');
  console.log(`the SWMS alone, no logo: ${format(kilobytes(alone), 0)} KB`);
  console.log(
    `with its cover sheet in front and the business's logo (${format(logo.length / 1024, 0)} KB print copy): ${format(kilobytes(whole), 0)} KB`,
  );
  console.log(judge('swmsWithCoverSheet', kilobytes(whole)));
}
