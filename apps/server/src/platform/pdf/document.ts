import PDFDocument from 'pdfkit';
import { breakableText } from './breakable-text.ts';
import { documentFonts } from './fonts.ts';
import { useScriptAwareText } from './script-text.ts';

/*
 * Primitives every document layout builds on: an A4 document with the shared fonts, pages in
 * either orientation, the drawing area, and keeping a block on one page.
 */

export type Doc = InstanceType<typeof PDFDocument>;
export type Orientation = 'portrait' | 'landscape';
// pdfkit accepts a fontkit font where its types only list file sources.
type FontSource = Parameters<Doc['registerFont']>[1];

export const colours = {
  brand: '#0f766e',
  ink: '#0f172a',
  muted: '#475569',
  rule: '#cbd5e1',
  panel: '#f1f5f9',
  danger: '#b91c1c',
} as const;

export const PAGE_MARGIN = 48;
/** Room kept below the content for the footer (see stampPages). */
const FOOTER_SPACE = 28;

const pageOptions = (layout: Orientation) => ({
  size: 'A4',
  layout,
  margins: { top: PAGE_MARGIN, bottom: PAGE_MARGIN + FOOTER_SPACE, left: PAGE_MARGIN, right: PAGE_MARGIN },
});

export type PdfInfo = {
  title: string;
  author: string;
  subject: string;
  /** The document kind's budget (PRINT_BUDGETS): past it the render stops with DocumentTooLargeError. */
  budget: { pages: number; characters: number; megabytes: number };
};

/** A document that would print past its kind's budget; answered as a 422, never drawn on. */
export class DocumentTooLargeError extends Error {
  constructor(what: string) {
    super(`The document needs more than ${what}`);
    this.name = 'DocumentTooLargeError';
  }
}

/**
 * A new A4 document whose pages stay buffered (so footers can say "Page 1 of 3"), with the fonts
 * `regular`, `bold` and `mono`. Call `end()` once everything is drawn.
 *
 * Every string drawn or measured goes through breakableText first, so no layout can hand pdfkit a
 * run it would measure in quadratic time; and the page count is bounded by the kind's budget.
 */
export function createPdf(
  info: PdfInfo,
  orientation: Orientation = 'portrait',
): { doc: Doc; end: () => Promise<Buffer> } {
  const doc = new PDFDocument({
    ...pageOptions(orientation),
    bufferPages: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject },
  });
  // Any script: fallback fonts per run of text, and right-to-left runs in visual order (ADR 0050).
  useScriptAwareText(doc);
  let characters = 0;
  wrapTextEntryPoints(doc, (text) => {
    characters += text.length;
    if (characters > info.budget.characters) throw new DocumentTooLargeError(`${info.budget.characters} characters`);
  });
  let pages = 1;
  doc.on('pageAdded', () => {
    pages += 1;
    if (pages > info.budget.pages) throw new DocumentTooLargeError(`${info.budget.pages} pages`);
  });
  doc.registerFont('regular', documentFonts.regular as unknown as FontSource);
  doc.registerFont('bold', documentFonts.bold as unknown as FontSource);
  doc.registerFont('mono', documentFonts.mono as unknown as FontSource);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    end: async () => {
      doc.end();
      const pdf = await finished;
      if (pdf.length > info.budget.megabytes * 1024 * 1024)
        throw new DocumentTooLargeError(`${info.budget.megabytes} MB`);
      return pdf;
    },
  };
}

type TextArgument = Parameters<Doc['text']>[0];

/** Wraps the document's text entry points (see createPdf); `drawn` sees every string drawn. */
function wrapTextEntryPoints(doc: Doc, drawn: (text: string) => void): void {
  const text = doc.text.bind(doc);
  const heightOfString = doc.heightOfString.bind(doc);
  const widthOfString = doc.widthOfString.bind(doc);
  const list = doc.list.bind(doc);
  const printed = (value: unknown) => {
    if (typeof value !== 'string') return value;
    drawn(value);
    return breakableText(value);
  };
  doc.text = ((value: TextArgument, ...rest: unknown[]) =>
    (text as (...args: unknown[]) => Doc)(printed(value), ...rest)) as Doc['text'];
  // pdfkit wraps list items itself, without going through `text`.
  doc.list = ((items: unknown[], ...rest: unknown[]) =>
    (list as (...args: unknown[]) => Doc)(items.map(printed), ...rest)) as Doc['list'];
  doc.heightOfString = (value, options) => heightOfString(breakableText(value), options);
  doc.widthOfString = (value, options) => widthOfString(breakableText(value), options);
}

const orientationOf = (doc: Doc): Orientation => (doc.page.layout === 'landscape' ? 'landscape' : 'portrait');

/** A new page, in the current page's orientation unless told (a SWMS turns landscape for its table). */
export function addPage(doc: Doc, orientation: Orientation = orientationOf(doc)): void {
  doc.addPage(pageOptions(orientation));
}

export const contentLeft = (doc: Doc) => doc.page.margins.left;
export const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
export const contentBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page unless `height` points still fit below the cursor. */
export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > contentBottom(doc)) addPage(doc);
}

/**
 * Draws a block of known height on one page: on this one if it fits, else at the top of the next.
 * Returns the top of the block, and leaves the cursor below it plus `gap`.
 */
export function keepTogether(doc: Doc, height: number, draw: (top: number) => void, gap = 0): number {
  ensureSpace(doc, height);
  const top = doc.y;
  draw(top);
  doc.x = contentLeft(doc);
  doc.y = top + height + gap;
  return top;
}

/** A section title, kept on the page with at least the first lines of what follows it. */
export function sectionHeading(doc: Doc, title: string, spaceForFirstLines = 40): void {
  ensureSpace(doc, spaceForFirstLines);
  doc.font('bold').fontSize(11).fillColor(colours.brand).text(title, contentLeft(doc), doc.y);
  doc.moveDown(0.2);
}

/** A titled section of body text or a bulleted list; an empty one says 'None recorded'. */
export function textSection(doc: Doc, title: string, body: string | string[]): void {
  sectionHeading(doc, title);
  doc.font('regular').fontSize(10).fillColor(colours.ink);
  if (Array.isArray(body)) {
    doc.list(body.length > 0 ? body : ['None recorded'], { bulletRadius: 1.8, textIndent: 10 });
  } else {
    doc.text(body.trim() || 'None recorded', { width: contentWidth(doc) });
  }
  doc.moveDown(0.8);
}
