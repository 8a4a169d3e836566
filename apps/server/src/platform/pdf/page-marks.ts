import { colours, type Doc, PAGE_MARGIN } from './document.ts';
import { drawImage } from './images.ts';
import { showsLogo } from './letterhead.ts';
import { beginArtifact } from './structure.ts';

export type PageMarks = {
  /** What the document is, e.g. its number: "WPC-2026-0001" or "Draft certificate". */
  label: string;
  /** e.g. "v2" for a revised SWMS. */
  version?: string;
  /** Printed shortened; the full fingerprint belongs in the verify box. */
  fingerprint?: string;
  /** A word across every page, e.g. DRAFT_WATERMARK. */
  watermark?: string;
  /**
   * The business's logo, small in the top margin of every page (a SWMS page may travel alone), but
   * those whose letterhead already shows it.
   */
  logo?: Buffer | null;
};

const MARK_LOGO_HEIGHT = 24;

/** "WPC-2026-0001  ·  v2  ·  SHA-256 3f2a9c1e…  ·  Page 1 of 3" */
export function footerText(marks: PageMarks, page: number, pages: number): string {
  return [
    marks.label,
    marks.version,
    marks.fingerprint && `SHA-256 ${marks.fingerprint.slice(0, 12)}…`,
    `Page ${page} of ${pages}`,
  ]
    .filter(Boolean)
    .join('  ·  ');
}

/**
 * The label to print so that the footer fits one line of `width` in the current font (a wrapped
 * footer runs into the page's edge): one too long is shortened with an ellipsis; the version, fingerprint and page number
 * always show. Measured on the widest page number ("Page 12 of 12"), once per page width.
 */
function fittedLabel(doc: Doc, marks: PageMarks, pages: number, width: number): string {
  const characters = Array.from(marks.label);
  let label = marks.label;
  for (let kept = characters.length - 1; kept > 0; kept--) {
    if (doc.widthOfString(footerText({ ...marks, label }, pages, pages)) <= width) break;
    label = `${characters.slice(0, kept).join('').trimEnd()}…`;
  }
  return label;
}

/** What a document that is not issued yet carries across every page. */
export const DRAFT_WATERMARK = 'DRAFT — not issued';

/**
 * Once every page is drawn: the footer on each page, and the watermark if any. They repeat on every
 * page, so they are artifacts, outside the structure tree a screen reader reads.
 */
export function stampPages(doc: Doc, marks: PageMarks): void {
  const range = doc.bufferedPageRange();
  // Portrait and landscape pages have room for different labels: each width is measured once.
  const labels = new Map<number, string>();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    const endArtifact = beginArtifact(doc, 'Pagination');
    // Writing below the bottom margin would make pdfkit add a page; lift the margin while we do.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const width = doc.page.width - 2 * PAGE_MARGIN;
    doc.font('regular').fontSize(8).fillColor(colours.muted);
    const label = labels.get(width) ?? fittedLabel(doc, marks, range.count, width);
    labels.set(width, label);
    doc.text(
      footerText({ ...marks, label }, index - range.start + 1, range.count),
      PAGE_MARGIN,
      doc.page.height - PAGE_MARGIN,
      {
        width,
        align: 'center',
        lineBreak: false,
      },
    );
    if (marks.logo && !showsLogo(doc, index)) {
      drawImage(doc, marks.logo, doc.page.width - PAGE_MARGIN - 80, (PAGE_MARGIN - MARK_LOGO_HEIGHT) / 2, {
        fit: [80, MARK_LOGO_HEIGHT],
        align: 'right',
      });
    }
    if (marks.watermark) drawWatermark(doc, marks.watermark);
    doc.page.margins.bottom = bottom;
    endArtifact();
  }
}

function drawWatermark(doc: Doc, word: string) {
  const centreX = doc.page.width / 2;
  const centreY = doc.page.height / 2;
  // As large as fits 800 pt across the page's diagonal: a longer mark gets a smaller size.
  const size = Math.min(120, (120 * 760) / doc.font('bold').fontSize(120).widthOfString(word));
  doc.save();
  doc.rotate(-40, { origin: [centreX, centreY] });
  doc
    .font('bold')
    .fontSize(size)
    .fillColor('#dc2626')
    .fillOpacity(0.14)
    .text(word, centreX - 400, centreY - size * 0.6, { width: 800, align: 'center', lineBreak: false });
  doc.restore();
}
