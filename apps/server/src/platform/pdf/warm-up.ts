import { contentWidth, createPdf, textSection } from './document.ts';
import { readyFontsInBackground } from './fonts.ts';
import { drawLetterhead } from './letterhead.ts';
import { stampPages } from './page-marks.ts';
import { definePdfJob, type PdfJob } from './render-pool.ts';
import { drawSignatureBlock } from './signature-block.ts';
import { drawTable } from './table.ts';
import { isolated } from './text-runs.ts';
import { drawVerifyBox } from './verify-box.ts';
import { COMMON_LETTERS } from './warm-up-letters.ts';

/** A layout, of which only its sample matters here. */
type Sampled = Pick<PdfJob<never, unknown>, 'drawSample'>;

/**
 * A throwaway document drawn through every text-heavy primitive, so the first real download does
 * not pay for fontkit reading its tables and the JIT compiling the layout code (~0.3 s once per
 * worker). The rest follows in the background (readyInBackground): the script fonts, then a sample
 * of each of the worker's `layouts` that has one.
 */
export const warmUpPdfJobOf = (layouts: readonly Sampled[]) =>
  definePdfJob('warm-up', async () => {
    const pdf = await drawWarmUpDocument([]);
    // A font that fails to load here fails again in the download that needs it, which reports it.
    readyInBackground(layouts).catch(() => {});
    return pdf;
  });

/** How the request side names the warm-up job; each worker runs its own, which knows its layouts (src/pdf-worker.ts). */
export const warmUpPdfJob = warmUpPdfJobOf([]);

/**
 * Every script font parsed, a font per turn of the worker's event loop, then each script's sample
 * drawn in a throwaway document of its own, a document per turn (embedding, bidi, synthetic bold
 * and every primitive's path through the script compiled): the first PDF in any script then costs
 * about what any other does, where it waited ~0.5 s for its fonts (ADRs 0085, 0096). Then each
 * script's common letters are drawn, a document per script, so fontkit's code has met glyphs enough
 * not to be thrown away when a real name brings new ones (ADR 0106). Then each layout draws its
 * own sample document, one per turn, so its labels and standards are shaped words (ADR 0100):
 * with a Latin name, then with every script's words, so the first real document in any script
 * runs code already compiled, not thrown away (ADR 0103). A job arriving meanwhile
 * waits for one font or one small document at most.
 * Once per worker: a later call answers the first one's work.
 */
export function readyInBackground(layouts: readonly Sampled[]): Promise<void> {
  backgroundWork ??= readyFontsInBackground().then(async (samples) => {
    const scriptSamples = [...new Set(samples)];
    for (const sample of scriptSamples) {
      await nextTurn();
      await drawWarmUpDocument([sample]);
    }
    for (const letters of COMMON_LETTERS) {
      await nextTurn();
      await drawWarmUpDocument([], letters);
    }
    for (const name of [LATIN_SAMPLE_NAME, scriptSamples.join(' ')]) {
      for (const layout of layouts) {
        if (!layout.drawSample) continue;
        await nextTurn();
        await layout.drawSample(name);
      }
    }
  });
  return backgroundWork;
}
let backgroundWork: Promise<void> | undefined;

/** The name each layout's sample prints first; then the same sample again with every script's words. */
const LATIN_SAMPLE_NAME = 'Sample';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * `scriptSamples`: words or letters of script fonts, drawn in the regular and bold styles;
 * `commonLetters`: a script's most written letters (warm-up-letters.ts), drawn in both styles too.
 */
function drawWarmUpDocument(scriptSamples: string[], commonLetters = ''): Promise<Buffer> {
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
  if (commonLetters) {
    textSection(doc, 'Letters', commonLetters);
    doc.font('bold').text(commonLetters, { width: contentWidth(doc) });
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
