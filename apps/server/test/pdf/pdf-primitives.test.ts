import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addPage, createPdf, textSection } from '../../src/platform/pdf/document.ts';
import { footerText, stampPages } from '../../src/platform/pdf/page-marks.ts';
import { drawPhotoGrid } from '../../src/platform/pdf/photo-grid.ts';
import { drawSignatureBlock } from '../../src/platform/pdf/signature-block.ts';
import { drawTable } from '../../src/platform/pdf/table.ts';
import { drawVerifyBox } from '../../src/platform/pdf/verify-box.ts';
import { pdfText } from '../support/pdf-tools.ts';

const A4 = { short: 595.28, long: 841.89 };
/** pdftotext separates pages with a form feed. */
const pagesOf = async (pdf: Buffer, mode: 'layout' | 'raw' = 'layout') =>
  (await pdfText(pdf, mode)).split('\f').filter((page) => page.trim() !== '');
const pageSizes = async (pdf: Buffer) => (await PDFDocument.load(pdf)).getPages().map((page) => page.getSize());

const jobSteps = (count: number) =>
  Array.from({ length: count }, (_, index) => [
    String(index + 1),
    `Step ${index + 1}: grind the substrate and vacuum the dust before priming`,
    { text: index % 2 ? 'High' : 'Medium', fill: index % 2 ? '#fecaca' : '#fde68a', bold: true },
    'Isolate the area; P2 respirator; wet cutting',
  ]);
const stepColumns = [
  { header: 'No.', weight: 1 },
  { header: 'Job step', weight: 6 },
  { header: 'Risk', weight: 2 },
  { header: 'Controls', weight: 6 },
];

describe('PDF primitives', () => {
  it('flows a 60-row table over landscape pages, repeating its header on each and splitting no row', async () => {
    const { doc, end } = createPdf(
      { title: 'Table', author: 'Test', subject: 'Table', budget: { pages: 100, characters: 100_000, megabytes: 10 } },
      'landscape',
    );
    drawTable(doc, { columns: stepColumns, rows: jobSteps(60) });
    stampPages(doc, { label: 'SWMS-2026-0001', version: 'v2', fingerprint: 'ab'.repeat(32) });
    const pdf = await end();

    const sizes = await pageSizes(pdf);
    expect(sizes.length).toBeGreaterThan(1);
    for (const size of sizes) expect(size.width).toBeCloseTo(A4.long, 0);
    const pages = await pagesOf(pdf);
    expect(pages).toHaveLength(sizes.length);
    const steps = pages.map((page) => {
      expect(page).toMatch(/No\.\s+Job step\s+Risk\s+Controls/);
      expect(page).toContain(`SWMS-2026-0001 · v2 · SHA-256 ${'ab'.repeat(6)}…`);
      return [...page.matchAll(/Step (\d+):/g)].map((match) => Number(match[1]));
    });
    // Every step once, in order, each whole on one page (its risk text beside it).
    expect(steps.flat()).toEqual(Array.from({ length: 60 }, (_, index) => index + 1));
    expect(pages.join('').match(/High|Medium/g)).toHaveLength(60);
  });

  it('keeps the orientation of the page a table starts on, after portrait pages', async () => {
    const { doc, end } = createPdf({
      title: 'Mixed',
      author: 'Test',
      subject: 'Mixed',
      budget: { pages: 100, characters: 100_000, megabytes: 10 },
    });
    textSection(doc, 'Cover', 'A portrait cover page.');
    addPage(doc, 'landscape');
    drawTable(doc, { columns: stepColumns, rows: jobSteps(40) });
    addPage(doc, 'portrait');
    textSection(doc, 'Sign-on register', 'Names below.');
    const sizes = await pageSizes(await end());
    expect(sizes.length).toBeGreaterThan(3);
    expect(sizes[0]?.width).toBeCloseTo(A4.short, 0);
    for (const size of sizes.slice(1, -1)) expect(size.width).toBeCloseTo(A4.long, 0);
    expect(sizes.at(-1)?.width).toBeCloseTo(A4.short, 0);
  });

  it('draws photos, signatures, the verify box, page footers and a watermark', async () => {
    const { doc, end } = createPdf({
      title: 'Blocks',
      author: 'Test',
      subject: 'Blocks',
      budget: { pages: 100, characters: 100_000, megabytes: 10 },
    });
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    drawPhotoGrid(
      doc,
      Array.from({ length: 5 }, (_, index) => ({ image: photo, caption: `Photo ${index + 1}` })),
    );
    drawSignatureBlock(doc, { image: null, caption: 'Zoë Ng-Đặng  ·  14 November 2026' });
    drawVerifyBox(doc, {
      title: 'Verify this document',
      url: 'https://certs.example.com/swms/1',
      fingerprintLabel: 'SHA-256 fingerprint:',
      fingerprint: 'cd'.repeat(32),
    });
    stampPages(doc, { label: 'Draft SWMS', watermark: 'DRAFT' });
    const pages = await pagesOf(await end(), 'raw');
    const text = pages.join('\n');
    for (let index = 1; index <= 5; index++) expect(text).toContain(`Photo ${index}`);
    expect(text).toContain('Zoë Ng-Đặng');
    expect(text).toContain('https://certs.example.com/swms/1');
    expect(text).toContain('cd'.repeat(32));
    pages.forEach((page, index) => {
      expect(page).toContain(`Draft SWMS · Page ${index + 1} of ${pages.length}`);
      // The watermark is drawn rotated: its letters come out on lines of their own.
      expect(page.replace(/\s/g, '')).toContain('DRAFT');
    });
  });

  it('writes the footer from the label, version and a shortened fingerprint', () => {
    expect(footerText({ label: 'WPC-2026-0001' }, 1, 2)).toBe('WPC-2026-0001  ·  Page 1 of 2');
    expect(footerText({ label: 'SWMS-2026-0003', version: 'v2', fingerprint: '0123456789abcdef' }, 3, 3)).toBe(
      'SWMS-2026-0003  ·  v2  ·  SHA-256 0123456789ab…  ·  Page 3 of 3',
    );
  });

  it('keeps every footer on one line, shortening a long label but never the page number', async () => {
    const { doc, end } = createPdf({
      title: 'Long label',
      author: 'Test',
      subject: 'Footer',
      budget: { pages: 10, characters: 10_000, megabytes: 10 },
    });
    addPage(doc);
    const label = `Signature certificate · ${'Balcony membrane and tiling, Level 3 east wing '.repeat(4)}`;
    stampPages(doc, { label, version: 'v12', fingerprint: 'ab'.repeat(32) });
    const pages = await pagesOf(await end());
    expect(pages).toHaveLength(2);
    for (const [index, page] of pages.entries()) {
      const lines = page.split('\n').filter((line) => /\S/.test(line));
      expect(lines).toHaveLength(1);
      expect(lines[0]?.trim()).toMatch(
        new RegExp(`^Signature certificate · Balcony .*… · v12 · SHA-256 ${'ab'.repeat(6)}… · Page ${index + 1} of 2$`),
      );
    }
  });
});
