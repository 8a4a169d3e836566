import type PDFDocument from 'pdfkit';
import { breakableText } from './breakable-text.ts';
import { documentFonts, shareWordLayoutsBetweenDocuments } from './fonts.ts';
import { PackedPdfDocument } from './object-streams.ts';
import { useScriptAwareText } from './script-text.ts';
import { startStructure, tagged } from './structure.ts';

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

/** The language of everything we print (a screen reader's voice; ADR 0051). */
const DOCUMENT_LANGUAGE = 'en-AU';

/**
 * A new A4 document whose pages stay buffered (so footers can say "Page 1 of 3"), with the fonts
 * `regular`, `bold` and `mono`. Call `end()` once everything is drawn.
 *
 * Every document is PDF/A-2b (XMP with its pdfaid, the sRGB OutputIntent, every font embedded) and
 * tagged: its language, its title shown as the window's title, and a structure tree that the
 * primitives fill in reading order (structure.ts; ADR 0051).
 *
 * Every string drawn or measured goes through breakableText first, so no layout can hand pdfkit a
 * run it would measure in quadratic time; and the page count is bounded by the kind's budget.
 */
export function createPdf(
  info: PdfInfo,
  orientation: Orientation = 'portrait',
): { doc: Doc; end: () => Promise<Buffer> } {
  // The structure tree's hundreds of small objects, compressed (ADR 0051).
  const doc = new PackedPdfDocument({
    ...pageOptions(orientation),
    // No default font: pdfkit would read and parse Helvetica's metrics for every document (~1 ms),
    // and PDF/A may not use it anyway (it cannot be embedded). `regular` is set below.
    font: '',
    bufferPages: true,
    pdfVersion: '1.7',
    subset: 'PDF/A-2b',
    tagged: true,
    lang: DOCUMENT_LANGUAGE,
    displayTitle: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject },
  });
  // Any script: fallback fonts per run of text, and right-to-left runs in visual order (ADR 0050).
  useScriptAwareText(doc);
  escapeInfoInMetadata(doc);
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
  doc.font('regular');
  shareWordLayoutsBetweenDocuments((doc as unknown as { _font: unknown })._font);
  // After wrapTextEntryPoints: loose text is tagged whatever draws it.
  startStructure(doc);
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

const xmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * pdfkit copies the title, author and subject into the XMP packet as they are: a company named
 * "O'Brien & Sons" would make it malformed XML, and the PDF not PDF/A. The Info dictionary keeps
 * the plain text; the packet gets the same text escaped.
 */
function escapeInfoInMetadata(doc: Doc): void {
  const internals = doc as unknown as { info: Record<string, unknown>; _addInfo: () => void };
  const addInfo = internals._addInfo.bind(doc);
  internals._addInfo = () => {
    const info = internals.info;
    internals.info = Object.fromEntries(
      Object.entries(info).map(([key, value]) => [
        key,
        typeof value === 'string' ? value.replace(/[&<>"']/g, (char) => xmlEscapes[char] ?? char) : value,
      ]),
    );
    try {
      addInfo();
    } finally {
      internals.info = info;
    }
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

type WrapperInternals = {
  _lineGap: number;
  _text(text: string, x: number, y: number, options: object, lineCallback: (line: string) => void): Doc;
};

/** A text wrapped to a width: its lines (each with the spaces and line break that end it), each `lineHeight` tall. */
export type WrappedText = { lines: string[]; lineHeight: number };

/**
 * The lines `text` wraps to in a box `width` wide, in the current font and size: what
 * heightOfString counts, kept. Drawing `lines.slice(0, n).join('')` in the same box gives the same
 * first `n` lines, so a table splits a long cell between pages by lines, wrapping it once, where
 * finding the split by measuring ever shorter prefixes took most of a worst-case SWMS's render.
 */
export function wrapLines(doc: Doc, text: string, width: number): WrappedText {
  const internals = doc as unknown as WrapperInternals;
  const { x, y } = doc;
  const lineHeight = doc.currentLineHeight(true) + (internals._lineGap || 0);
  const lines: string[] = [];
  // pdfkit's own wrapping, as heightOfString runs it (no page is added with an endless height).
  internals._text(breakableText(text), x, y, { width, height: Number.POSITIVE_INFINITY }, (line) => {
    lines.push(line);
    doc.y += lineHeight;
  });
  doc.x = x;
  doc.y = y;
  return { lines, lineHeight };
}

const orientationOf = (doc: Doc): Orientation => (doc.page.layout === 'landscape' ? 'landscape' : 'portrait');

/**
 * A new page, in the current page's orientation unless told (a SWMS turns landscape for its table).
 * An element being drawn carries on onto it (a heading kept with what follows, a table's rows).
 */
export function addPage(doc: Doc, orientation: Orientation = orientationOf(doc)): void {
  doc.continueOnNewPage(pageOptions(orientation));
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
  tagged(doc, 'H2', () => doc.font('bold').fontSize(11).fillColor(colours.brand).text(title, contentLeft(doc), doc.y));
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
