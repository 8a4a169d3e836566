import type * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';
import { documentFonts, type Face, type FontStyle, primaryFontName } from './fonts.ts';
import { isPlain, logicalRuns, type TextRun, visualRuns } from './text-runs.ts';

/*
 * Makes a document's text entry points script-aware (ADR 0050). pdfkit measures and draws a line in
 * one font, shaping it word by word; that loses right-to-left word order and any glyph the font
 * lacks. Here, a string that is not plain Latin (text-runs.ts, isPlain) is measured as the sum of
 * its runs, and a line of it is drawn run by run: each in its own font, in visual order, a
 * right-to-left run's words right to left. Plain text keeps pdfkit's own path, unchanged.
 *
 * This reaches into pdfkit's internals (`_fragment`, `_font`, the embedded font's subset); the
 * tests in script-text.test.ts and the integration tests read the PDFs back to hold it to account.
 */

type Doc = InstanceType<typeof PDFDocument>;

/** pdfkit's embedded font, as far as drawing glyphs into it needs. */
type EmbeddedFont = {
  id: string;
  font: fontkit.Font;
  ascender: number;
  subset: { includeGlyph(glyphId: number): number };
  widths: number[];
  unicode: number[][];
  ref(): unknown;
};

type FragmentOptions = {
  width?: number;
  lineWidth?: number;
  textWidth?: number;
  align?: string;
  baseline?: number | string;
};

type Internals = {
  _font: EmbeddedFont;
  _fontSize: number;
  _fontSource: unknown;
  _fontFamily: unknown;
  _fillColor?: unknown[];
  _registeredFonts: Record<string, unknown>;
  _fragment(text: string, x: number, y: number, options: FragmentOptions): void;
  page: { fonts: Record<string, unknown>; height: number };
};

// pdfkit accepts a fontkit font where its types only list file sources.
type FontSource = Parameters<Doc['registerFont']>[1];

/** Stroke width of a synthetic bold, as a share of the font size. */
const SYNTHETIC_BOLD_STROKE = 0.03;

const styleOf = (font: EmbeddedFont): FontStyle | undefined =>
  font.font === documentFonts.regular
    ? 'regular'
    : font.font === documentFonts.bold
      ? 'bold'
      : font.font === documentFonts.mono
        ? 'mono'
        : undefined;

export function useScriptAwareText(doc: Doc): void {
  const internals = doc as unknown as Internals;
  const fragment = internals._fragment.bind(doc);
  const widthOfString = doc.widthOfString.bind(doc);
  const shaper = wordShaper();

  internals._fragment = (text, x, y, options) => {
    const line = `${text}`.replace(/\n/g, '');
    const style = styleOf(internals._font);
    if (!style || isPlain(line)) return fragment(text, x, y, options);
    const runs = visualRuns(line, style);
    const [only] = runs;
    if (
      runs.length === 1 &&
      only &&
      !only.rtl &&
      !only.face.syntheticBold &&
      only.face.file.name === primaryFontName(style)
    ) {
      return fragment(only.text, x, y, options); // without the bidi controls, which it has no glyphs for
    }
    drawLine(doc, shaper, line, runs, x, y, options);
  };

  // Widths at 1 pt, by style and text: a line is wrapped once to measure it and again to draw it.
  const widths = new Map<string, number>();
  doc.widthOfString = (text, options) => {
    const style = styleOf(internals._font);
    if (!style || isPlain(text)) return widthOfString(text, options);
    const key = `${style}\u0000${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = logicalRuns(text, style).reduce((sum, run) => sum + shaper.width(run), 0);
      if (widths.size >= MEASURED_STRINGS) widths.clear();
      widths.set(key, width);
    }
    return width * internals._fontSize;
  };
}

/**
 * Strings measured per document; pdfkit keeps its plain words' widths per document likewise. A
 * worst-case SWMS measures about 100,000 words of script text, a few MB; past this many, start again.
 */
const MEASURED_STRINGS = 100_000;
/** Words shaped and not yet drawn, per document: a table row's worth, bounded against a runaway. */
const WORDS_AWAITING_DRAWING = 20_000;

/** Glyphs and their positions in drawing order, as in fontkit's GlyphRun; `advanceWidth` in font units. */
type Shaped = Pick<fontkit.GlyphRun, 'glyphs' | 'positions' | 'advanceWidth'>;

const WORDS_AND_SPACES = /[\s\u200b]+|[^\s\u200b]+/gu;

/**
 * Shapes runs word by word (each word, and each stretch of spaces between words, apart), and keeps
 * a word shaped to measure it until the line that holds it is drawn. pdfkit measures every word to
 * wrap a line and then draws the line; fontkit shapes Devanagari or Hangul at 5 to 40 µs a
 * character, so shaping each character once rather than twice is most of what a long document in
 * those scripts costs. No script joins letters across a space, so a run shaped word by word is the
 * run shaped whole (only a kerning pair with a space, which these fonts do not have, is lost).
 */
function wordShaper() {
  const awaitingDrawing = new Map<string, fontkit.GlyphRun>();
  const shapeWord = (run: TextRun, word: string, drawing: boolean): fontkit.GlyphRun => {
    const key = `${run.rtl ? 'rtl' : 'ltr'}\u0000${run.face.file.name}\u0000${word}`;
    let shaped = awaitingDrawing.get(key);
    if (shaped && drawing) awaitingDrawing.delete(key);
    if (!shaped) {
      shaped = run.face.file.font.layout(word, undefined, undefined, undefined, run.rtl ? 'rtl' : undefined);
      if (!drawing) {
        if (awaitingDrawing.size >= WORDS_AWAITING_DRAWING) awaitingDrawing.clear();
        awaitingDrawing.set(key, shaped);
      }
    }
    return shaped;
  };
  const words = (run: TextRun) => run.text.match(WORDS_AND_SPACES) ?? [];
  return {
    /** The run's width at a font size of 1 pt. */
    width: (run: TextRun) =>
      words(run).reduce((sum, word) => sum + shapeWord(run, word, false).advanceWidth, 0) /
      run.face.file.font.unitsPerEm,
    /** The run's glyphs in drawing order: a right-to-left run's words right to left. */
    shape: (run: TextRun): Shaped => {
      const shaped = words(run).map((word) => shapeWord(run, word, true));
      if (run.rtl) shaped.reverse();
      return {
        glyphs: shaped.flatMap((word) => word.glyphs),
        positions: shaped.flatMap((word) => word.positions),
        advanceWidth: shaped.reduce((sum, word) => sum + word.advanceWidth, 0),
      };
    },
  };
}

type WordShaper = ReturnType<typeof wordShaper>;

const scaleOf = (run: TextRun, size: number) => size / run.face.file.font.unitsPerEm;

/** The document's embedded font for a face, registered on first use. */
function embeddedFont(doc: Doc, face: Face): EmbeddedFont {
  const internals = doc as unknown as Internals;
  const { name } = face.file;
  if (!internals._registeredFonts[name]) doc.registerFont(name, face.file.font as unknown as FontSource);
  const current = { font: internals._font, source: internals._fontSource, family: internals._fontFamily };
  doc.font(name);
  const embedded = internals._font;
  internals._font = current.font;
  internals._fontSource = current.source;
  internals._fontFamily = current.family;
  return embedded;
}

/** One line of runs, placed as pdfkit places a line (alignment, top of the line at `y`). */
function drawLine(
  doc: Doc,
  shaper: WordShaper,
  line: string,
  runs: TextRun[],
  x: number,
  y: number,
  options: FragmentOptions,
) {
  const internals = doc as unknown as Internals;
  const size = internals._fontSize;
  const primary = internals._font;
  const shaped = runs.map((run) => ({ run, glyphs: shaper.shape(run), font: embeddedFont(doc, run.face) }));
  const width = shaped.reduce((sum, { run, glyphs }) => sum + glyphs.advanceWidth * scaleOf(run, size), 0);
  let left = x;
  if (options.width && options.lineWidth !== undefined) {
    if (options.align === 'right') left += options.lineWidth - doc.widthOfString(line.replace(/\s+$/u, ''));
    if (options.align === 'center') left += options.lineWidth / 2 - (options.textWidth ?? width) / 2;
  }
  // Every run sits on the primary font's baseline, where pdfkit puts a line of it.
  const rise = typeof options.baseline === 'number' ? -options.baseline : (primary.ascender / 1000) * size;

  doc.save();
  if (runs.some((run) => run.face.syntheticBold)) {
    const [fill = 'black'] = internals._fillColor ?? [];
    doc.strokeColor(fill as string).lineWidth(size * SYNTHETIC_BOLD_STROKE);
  }
  doc.transform(1, 0, 0, -1, 0, internals.page.height);
  const baseline = internals.page.height - y - rise;
  doc.addContent('BT');
  let cursor = left;
  let renderingMode = 0;
  for (const { run, glyphs, font } of shaped) {
    internals.page.fonts[font.id] ??= font.ref();
    doc.addContent(`/${font.id} ${number(size)} Tf`);
    const mode = run.face.syntheticBold ? 2 : 0;
    if (mode !== renderingMode) doc.addContent(`${mode} Tr`);
    renderingMode = mode;
    const codePoints = register(font, glyphs, run.rtl);
    // Glyphs reordered by shaping (a Devanagari vowel sign drawn before its consonant) would copy
    // out in drawing order: the span says what was typed. Right-to-left runs need no span: readers
    // put a right-to-left run back in logical order themselves.
    const actualText = !run.rtl && codePoints !== run.text;
    if (actualText) doc.addContent(`/Span <</ActualText ${textString(run.text)}>> BDC`);
    cursor = writeGlyphs(doc, font, glyphs, cursor, baseline, size);
    if (actualText) doc.addContent('EMC');
  }
  doc.addContent('ET');
  doc.restore();
}

/**
 * Adds the run's glyphs to the font's subset, with their widths and the text each stands for (the
 * ToUnicode map). A ligature in a right-to-left run maps to its letters reversed: readers reverse
 * the whole run back to logical order, letters and all. Returns the text the glyphs map to.
 */
function register(font: EmbeddedFont, run: Shaped, rtl: boolean): string {
  const scale = 1000 / font.font.unitsPerEm;
  let text = '';
  for (const glyph of run.glyphs) {
    const id = font.subset.includeGlyph(glyph.id);
    font.widths[id] ??= glyph.advanceWidth * scale;
    font.unicode[id] ??= rtl && glyph.codePoints.length > 1 ? [...glyph.codePoints].reverse() : glyph.codePoints;
    text += String.fromCodePoint(...glyph.codePoints);
  }
  return text;
}

/** Shows the glyphs from `x` on the baseline; returns where the next run starts. */
function writeGlyphs(doc: Doc, font: EmbeddedFont, run: Shaped, x: number, baseline: number, size: number) {
  const unitsPerEm = font.font.unitsPerEm;
  const scale = size / unitsPerEm;
  const shown: string[] = [];
  const show = () => {
    if (shown.length > 0) doc.addContent(`[${shown.join(' ')}] TJ`);
    shown.length = 0;
  };
  const moveTo = (left: number, bottom: number) => {
    show();
    doc.addContent(`1 0 0 1 ${number(left)} ${number(bottom)} Tm`);
  };
  let cursor = x;
  let placed = false;
  run.glyphs.forEach((glyph, index) => {
    const position = run.positions[index];
    if (!position) return;
    const hex = `<${font.subset.includeGlyph(glyph.id).toString(16).padStart(4, '0')}>`;
    if (position.xOffset || position.yOffset) {
      // A mark placed off its advance: positioned on its own, and the next glyph placed afresh.
      moveTo(cursor + position.xOffset * scale, baseline + position.yOffset * scale);
      shown.push(hex);
      show();
      placed = false;
    } else {
      if (!placed) moveTo(cursor, baseline);
      placed = true;
      shown.push(hex);
      const kerning = ((position.xAdvance - glyph.advanceWidth) * 1000) / unitsPerEm;
      if (kerning) shown.push(number(-kerning));
    }
    cursor += position.xAdvance * scale;
  });
  show();
  return cursor;
}

const number = (value: number) => String(Math.round(value * 1e4) / 1e4);

/** A PDF text string in UTF-16BE with its byte order mark, as hex. */
function textString(text: string): string {
  let hex = 'FEFF';
  for (let index = 0; index < text.length; index++) hex += text.charCodeAt(index).toString(16).padStart(4, '0');
  return `<${hex}>`;
}
