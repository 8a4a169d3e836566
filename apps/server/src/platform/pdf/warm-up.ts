import { createPdf, textSection } from './document.ts';
import { readyFontsInBackground } from './fonts.ts';
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
 * worker). The script fonts follow in the background (warmUpScriptsInBackground).
 */
export const warmUpPdfJob = definePdfJob('warm-up', async () => {
  const pdf = await drawWarmUpDocument([]);
  // A font that fails to load here fails again in the download that needs it, which reports it.
  warmUpScriptsInBackground().catch(() => {});
  return pdf;
});

/**
 * Every script font parsed, a font per turn of the worker's event loop, then drawn once in the
 * same throwaway document (embedding, bidi and synthetic bold compiled): the first PDF in any
 * script then costs about what any other does, where it waited ~0.5 s for its fonts (ADR 0085).
 */
export function warmUpScriptsInBackground(): Promise<void> {
  scriptsWarm ??= readyFontsInBackground().then(async (samples) => {
    await drawWarmUpDocument(samples);
  });
  return scriptsWarm;
}
let scriptsWarm: Promise<void> | undefined;

/** `scriptSamples`: a few letters of each script font, drawn in the regular and bold styles. */
function drawWarmUpDocument(scriptSamples: string[]): Promise<Buffer> {
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
  if (scriptSamples.length > 0) textSection(doc, scriptSamples.join(' '), scriptSamples.join(' '));
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
}
