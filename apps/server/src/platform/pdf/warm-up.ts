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
 * Every script font parsed, a font per turn of the worker's event loop, then each script's sample
 * drawn in a throwaway document of its own, a document per turn (embedding, bidi, synthetic bold
 * and every primitive's path through the script compiled): the first PDF in any script then costs
 * about what any other does, where it waited ~0.5 s for its fonts (ADRs 0085, 0096). A job
 * arriving meanwhile waits for one font or one small document at most.
 */
export function warmUpScriptsInBackground(): Promise<void> {
  scriptsWarm ??= readyFontsInBackground().then(async (samples) => {
    for (const sample of new Set(samples)) {
      await nextTurn();
      await drawWarmUpDocument([sample]);
    }
  });
  return scriptsWarm;
}
let scriptsWarm: Promise<void> | undefined;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `scriptSamples`: words or letters of script fonts, drawn in the regular and bold styles. */
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
  const sample = scriptSamples.join(' ');
  if (sample) {
    textSection(doc, `${sample} Waterproofing`, `Ensuite for ${sample}; Laundry`);
    textSection(doc, 'Crew', [`${sample} (applicator)`]);
  }
  drawTable(doc, {
    columns: [
      { header: 'Step', weight: 1 },
      { header: 'Hazards', weight: 2 },
    ],
    rows: [['1', { text: sample ? `Medium ${sample}` : 'Medium', fill: '#fde68a', bold: true }]],
  });
  // An isolated name takes the bidi path (text-runs.ts): its tables are read here, not in a download.
  drawSignatureBlock(doc, { image: null, caption: `${isolated(sample || 'Zoë Ng-Đặng')}  ·  14 November 2026` });
  drawVerifyBox(doc, {
    title: 'Verify this document',
    url: 'https://example.com/certificates/00000000-0000-0000-0000-000000000000',
    fingerprintLabel: 'SHA-256 fingerprint:',
    fingerprint: '0'.repeat(64),
  });
  stampPages(doc, { label: 'Warm-up', watermark: 'DRAFT' });
  return end();
}
