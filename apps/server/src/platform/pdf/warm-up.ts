import { createPdf, textSection } from './document.ts';
import { drawLetterhead } from './letterhead.ts';
import { stampPages } from './page-marks.ts';
import { definePdfJob } from './render-pool.ts';
import { drawSignatureBlock } from './signature-block.ts';
import { drawTable } from './table.ts';
import { isolated } from './text-runs.ts';
import { drawVerifyBox } from './verify-box.ts';

/**
 * A throwaway document drawn through every text-heavy primitive, so the first real download does
 * not pay for fontkit reading its tables and the JIT compiling the layout code (~0.3 s once per
 * worker).
 */
export const warmUpPdfJob = definePdfJob('warm-up', async () => {
  const { doc, end } = createPdf({
    title: 'Warm-up',
    author: 'Warm-up Pty Ltd',
    subject: 'Warm-up',
    budget: { pages: 2, characters: 10_000, megabytes: 1 },
  });
  drawLetterhead(doc, {
    logo: null,
    name: 'Warm-up Pty Ltd',
    lines: ['1 Example Street, Sydney NSW 2000', '0400 000 000  ·  warm-up@example.com', 'ABN 51 824 753 556'],
  });
  textSection(doc, 'Areas treated', 'Ensuite; Laundry; Balcony — Zoë Ng-Đặng');
  textSection(doc, 'Standards complied with', ['AS 3740-2021']);
  drawTable(doc, {
    columns: [
      { header: 'Step', weight: 1 },
      { header: 'Hazards', weight: 2 },
    ],
    rows: [['1', { text: 'Medium', fill: '#fde68a', bold: true }]],
  });
  // An isolated name takes the bidi path (text-runs.ts): its tables are read here, not in a download.
  drawSignatureBlock(doc, { image: null, caption: `${isolated('Zoë Ng-Đặng')}  ·  14 November 2026` });
  drawVerifyBox(doc, {
    title: 'Verify this document',
    url: 'https://example.com/certificates/00000000-0000-0000-0000-000000000000',
    fingerprintLabel: 'SHA-256 fingerprint:',
    fingerprint: '0'.repeat(64),
  });
  stampPages(doc, { label: 'Warm-up', watermark: 'DRAFT' });
  return end();
});
