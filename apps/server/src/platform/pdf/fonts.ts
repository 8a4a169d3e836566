import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';
import { withFastSubsets } from './font-subset.ts';

const require = createRequire(import.meta.url);
const fontDirectory = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
/** The bytes of one of the DejaVu TTFs that ship in the npm package. */
export const readFontFile = (file: string) => readFileSync(path.join(fontDirectory, file));

/** Words shaped per font and kept between documents; ~1 KB each, so a few MB at most. */
const SHAPED_WORDS_PER_FONT = 5_000;
/**
 * Longer strings (whole lines being measured) are shaped but not kept: they rarely repeat, and
 * 5,000 kept runs of 2,000 glyphs each once took gigabytes.
 */
const LONGEST_SHARED_WORD = 64;

/**
 * Shaping a word (fontkit's GSUB/GPOS layout) was a third of a certificate's render time. pdfkit
 * caches shaped words, but per document, so every PDF shaped the same labels and standards again.
 * This keeps the most recently used words per font for the life of the process.
 *
 * pdfkit scales the positions of the run it is given in place, so each caller gets its own copy.
 * A run shaped in an explicit direction (text-runs.ts asks for right-to-left) is kept apart from
 * the same text shaped in the script's own direction.
 */
export function withSharedShaping(font: fontkit.Font, capacity = SHAPED_WORDS_PER_FONT): fontkit.Font {
  const shape = font.layout.bind(font);
  const shaped = new Map<string, fontkit.GlyphRun>();
  font.layout = (text, features, script, language, direction, ...rest: unknown[]) => {
    // Only the default shaping is shared; anything else is rare and shaped as asked.
    if (
      features !== undefined ||
      script !== undefined ||
      language !== undefined ||
      rest.length > 0 ||
      text.length > LONGEST_SHARED_WORD
    ) {
      return shape(text, features, script, language, direction);
    }
    const key = direction === undefined ? text : `${direction}\u0000${text}`;
    let run = shaped.get(key);
    if (run) {
      shaped.delete(key); // re-inserted below as the most recently used
    } else {
      run = shape(text, undefined, undefined, undefined, direction);
      if (shaped.size >= capacity) shaped.delete(shaped.keys().next().value as string);
    }
    shaped.set(key, run);
    return copyOf(run);
  };
  return font;
}

/** pdfkit's embedded font (one per font per document), as far as its word layout goes. */
type PdfkitEmbeddedFont = {
  font: fontkit.Font;
  layoutRun(text: string): fontkit.GlyphRun;
  layoutCached(text: string): fontkit.GlyphRun;
};

/** Each font's words as pdfkit lays them out (scaled to its 1000-unit em), kept between documents. */
const scaledWords = new WeakMap<fontkit.Font, Map<string, fontkit.GlyphRun>>();

/**
 * pdfkit keeps each word it lays out, scaled, per document: every certificate copied and scaled its
 * labels and standards again from the shaping kept above, a tenth of a render. Here pdfkit's words
 * are kept for the life of the process, as the shaping is. pdfkit only reads a kept run (a line
 * joins copies of its arrays; word spacing copies the last position), so one run serves every
 * document. Patched once on the prototype of the embedded font `sample` is.
 */
export function shareWordLayoutsBetweenDocuments(sample: unknown): void {
  const prototype = Object.getPrototypeOf(sample) as PdfkitEmbeddedFont & { sharesWordLayouts?: true };
  if (prototype.sharesWordLayouts) return;
  const perDocument = prototype.layoutCached;
  if (typeof perDocument !== 'function' || typeof prototype.layoutRun !== 'function') {
    throw new Error('pdfkit changed: no layoutCached to share (fonts.ts)');
  }
  prototype.sharesWordLayouts = true;
  prototype.layoutCached = function (this: PdfkitEmbeddedFont, text: string) {
    if (text.length > LONGEST_SHARED_WORD) return perDocument.call(this, text);
    let words = scaledWords.get(this.font);
    if (!words) {
      words = new Map();
      scaledWords.set(this.font, words);
    }
    let run = words.get(text);
    if (!run) {
      run = this.layoutRun(text);
      if (words.size >= SHAPED_WORDS_PER_FONT) words.delete(words.keys().next().value as string);
      words.set(text, run);
    }
    return run;
  };
}

/** Same prototype (so `advanceWidth` still sums the positions), fresh arrays and positions. */
function copyOf(run: fontkit.GlyphRun): fontkit.GlyphRun {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(run)) as fontkit.GlyphRun, run);
  copy.glyphs = [...run.glyphs];
  copy.positions = run.positions.map((position) =>
    Object.assign(Object.create(Object.getPrototypeOf(position)) as fontkit.GlyphPosition, position),
  );
  return copy;
}

const parse = (bytes: Buffer) => withFastSubsets(withSharedShaping(fontkit.create(bytes) as fontkit.Font));

/**
 * A WOFF file unpacked to the TrueType file it wraps. fontkit reads WOFF, but inflates the whole
 * glyf table (in JavaScript) for every glyph it decodes or embeds: ~100 ms per document with an
 * Arabic name. Unpacked once, with zlib, when the font is first needed, it costs nothing after.
 */
export function unpackWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') return woff;
  const tableCount = woff.readUInt16BE(12);
  const tables = Array.from({ length: tableCount }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < length ? inflateSync(stored) : stored,
    };
  });
  const headerSize = 12 + 16 * tableCount;
  const padded = (size: number) => (size + 3) & ~3;
  const sfnt = Buffer.alloc(headerSize + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  const powerOfTwo = 2 ** Math.floor(Math.log2(tableCount));
  woff.copy(sfnt, 0, 4, 8); // the wrapped font's flavour
  sfnt.writeUInt16BE(tableCount, 4);
  sfnt.writeUInt16BE(powerOfTwo * 16, 6);
  sfnt.writeUInt16BE(Math.log2(powerOfTwo), 8);
  sfnt.writeUInt16BE(tableCount * 16 - powerOfTwo * 16, 10);
  let offset = headerSize;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    table.tag.copy(sfnt, record);
    sfnt.writeUInt32BE(table.checksum, record + 4);
    sfnt.writeUInt32BE(offset, record + 8);
    sfnt.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(sfnt, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}
const loadFont = (file: string) => parse(readFontFile(file));

/**
 * DejaVu covers Latin Extended and Vietnamese ("Zoë Ng-Đặng"); pdfkit embeds only the glyphs used.
 * The fonts are parsed once per process and handed to pdfkit as fontkit objects: parsing them per
 * document cost ~150 ms, most of a render.
 */
export const documentFonts = {
  regular: loadFont('DejaVuSans.ttf'),
  bold: loadFont('DejaVuSans-Bold.ttf'),
  mono: loadFont('DejaVuSansMono.ttf'),
};

export type FontStyle = keyof typeof documentFonts;

/*
 * The fallback chain (ADR 0050). DejaVu stays the first font of every style; the script fonts come
 * from npm packages as files already on disk, each parsed once and kept for the life of the
 * process: when a run of text first needs it, or before, once a worker has warmed up
 * (readyFontsInBackground; the CJK font is 3.5 MB of WOFF2 and takes ~0.6 s to read, which the
 * first Chinese name would otherwise wait for; ADR 0085).
 */

type CodePointRanges = ReadonlyArray<readonly [number, number]>;

/** "U+0600-06FF,U+200C" (the unicode-range notation of CSS and fontsource's unicode.json). */
function parseRanges(spec: string): CodePointRanges {
  return spec.split(',').map((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-');
    return [Number.parseInt(first ?? '', 16), Number.parseInt(last ?? '', 16)] as const;
  });
}

const inRanges = (ranges: CodePointRanges, codePoint: number) =>
  ranges.some(([first, last]) => codePoint >= first && codePoint <= last);

const EVERY_CODE_POINT: CodePointRanges = [[0, 0x10ffff]];

/** One font file: parsed on first use, asked only about the code points it is meant for. */
class FontFile {
  private parsed: fontkit.Font | undefined;

  constructor(
    /** The name the file is registered under in a document (one embedded font per file). */
    readonly name: string,
    private readonly load: () => fontkit.Font,
    private readonly ranges: CodePointRanges = EVERY_CODE_POINT,
    /** Whether a space or punctuation after its text may take it too (not an emoji font's wide space). */
    readonly lendsToNeighbours = true,
    /** Words of its script to ready it with: joined letters, marks and reordering, as names have them. */
    private readonly sampleWords?: string,
  ) {}

  get font(): fontkit.Font {
    this.parsed ??= this.load();
    return this.parsed;
  }

  /** Whether the file is meant for the code point and, once parsed, really has a glyph for it. */
  has(codePoint: number): boolean {
    return this.mayHave(codePoint) && this.font.hasGlyphForCodePoint(codePoint);
  }

  /** Whether the file is meant for the code point at all (no parsing). */
  mayHave(codePoint: number): boolean {
    return inRanges(this.ranges, codePoint);
  }

  /**
   * Parses the file and shapes a few of its words (else letters), so fontkit has read its layout
   * tables and the shaping code for its script is compiled before a document needs it.
   */
  ready(): string {
    if (this.sampleWords) {
      this.font.layout(this.sampleWords);
      return this.sampleWords;
    }
    const letters: string[] = [];
    let scanned = 0;
    for (const [first, last] of this.ranges) {
      for (let codePoint = first; codePoint <= last && scanned < READY_SCAN_LIMIT; codePoint++, scanned++) {
        const character = String.fromCodePoint(codePoint);
        if (!NOT_DRAWN_ALONE.test(character) && this.font.hasGlyphForCodePoint(codePoint)) letters.push(character);
        if (letters.length >= READY_SAMPLE_LETTERS) break;
      }
      if (letters.length >= READY_SAMPLE_LETTERS || scanned >= READY_SCAN_LIMIT) break;
    }
    const sample = letters.join('');
    this.font.layout(sample);
    return sample;
  }
}

/** Controls, spaces, joiners and marks: nothing to see drawn on their own. */
const NOT_DRAWN_ALONE = /[\p{Cc}\p{Cf}\p{Z}\p{M}]/u;
/** Letters shaped to ready a font, found among at most this many of its code points. */
const READY_SAMPLE_LETTERS = 6;
const READY_SCAN_LIMIT = 4096;

/**
 * A font as a run of text uses it. Bold in a font that has none (the CJK fonts come in one weight)
 * is drawn with the regular outlines stroked as well as filled: `syntheticBold`. Emoji stay as they are.
 */
export type Face = { readonly file: FontFile; readonly syntheticBold: boolean };

/**
 * A fontsource package's file of one subset and weight, and the code points that subset covers;
 * `unicodeJson` is the package's unicode.json (each package is named in full, so the dependency
 * checker sees it used).
 */
function fontsourceFile(unicodeJson: string, subset: string, weight: 400 | 700, sampleWords?: string): FontFile {
  const subsets = JSON.parse(readFileSync(unicodeJson, 'utf8')) as Record<string, string>;
  const family = path.basename(path.dirname(unicodeJson));
  // WOFF, not WOFF2: pdfkit copies glyph outlines out of the glyf table, which WOFF2 stores transformed.
  const file = path.join(path.dirname(unicodeJson), 'files', `${family}-${subset}-${weight}-normal.woff`);
  return new FontFile(
    `${family}-${weight}`,
    () => parse(unpackWoff(readFileSync(file))),
    parseRanges(subsets[subset] ?? ''),
    true,
    sampleWords,
  );
}

/** One weight of each script font, in both styles that have weights. */
function scriptFonts(unicodeJson: string, subset: string, sampleWords: string) {
  return {
    regular: fontsourceFile(unicodeJson, subset, 400, sampleWords),
    bold: fontsourceFile(unicodeJson, subset, 700, sampleWords),
  };
}

/*
 * Each script font is readied with a few ordinary words of its script ("waterproofing company",
 * "certificate"): names in it join, stack marks and reorder as these do (ADR 0096).
 */
const arabic = scriptFonts(
  require.resolve('@fontsource/noto-sans-arabic/unicode.json'),
  'arabic',
  'شركة العزل المائي، شهادة',
);
const hebrew = scriptFonts(require.resolve('@fontsource/noto-sans-hebrew/unicode.json'), 'hebrew', 'חברת איטום, תעודה');
const devanagari = scriptFonts(
  require.resolve('@fontsource/noto-sans-devanagari/unicode.json'),
  'devanagari',
  'जलरोधक कंपनी, प्रमाणपत्र',
);
const gurmukhi = scriptFonts(
  require.resolve('@fontsource/noto-sans-gurmukhi/unicode.json'),
  'gurmukhi',
  'ਵਾਟਰਪਰੂਫ਼ਿੰਗ ਕੰਪਨੀ, ਸਰਟੀਫਿਕੇਟ',
);
const thai = scriptFonts(require.resolve('@fontsource/noto-sans-thai/unicode.json'), 'thai', 'บริษัทกันซึม ใบรับรอง');

/** CJK symbols and punctuation, enclosed and compatibility forms, half- and full-width forms. */
const CJK_SHARED = '3000-303F,3200-33FF,FE30-FE4F,FF00-FFEF';
/**
 * Source Han Sans in one weight: its CN font has all of the CJK Unified Ideographs block (Simplified
 * and Traditional Chinese, Japanese kanji) and the kana; its KR font has every Hangul syllable.
 */
const chinese = new FontFile(
  'source-han-sans-cn',
  () => parse(readFileSync(require.resolve('@librescore/fonts/SourceHanSansCN.min.woff2'))),
  parseRanges(`2E80-2FDF,3040-31FF,3400-4DBF,4E00-9FFF,F900-FAFF,20000-3134F,${CJK_SHARED}`),
  true,
  '防水工程有限公司，证书',
);
const korean = new FontFile(
  'source-han-sans-kr',
  () => parse(readFileSync(require.resolve('@librescore/fonts/SourceHanSansKR.min.woff2'))),
  parseRanges(`1100-11FF,3130-318F,A960-A97F,AC00-D7FF,${CJK_SHARED}`),
  true,
  '방수 공사 회사, 인증서',
);

/**
 * Noto Emoji (monochrome, as PDF text is) comes split in slices of related emoji; a slice holds
 * every part of the sequences it draws (ZWJ, variation selectors), so one cluster needs one slice.
 */
const emojiUnicodeJson = require.resolve('@fontsource/noto-emoji/unicode.json');
const emojiSlices = Object.entries(JSON.parse(readFileSync(emojiUnicodeJson, 'utf8')) as Record<string, string>).map(
  ([slice, ranges]) => {
    const index = slice.replace(/\D/g, '');
    const file = path.join(path.dirname(emojiUnicodeJson), 'files', `noto-emoji-${index}-400-normal.woff`);
    return new FontFile(`noto-emoji-${index}`, () => parse(unpackWoff(readFileSync(file))), parseRanges(ranges), false);
  },
);

const primaryFiles = {
  regular: new FontFile('regular', () => documentFonts.regular),
  bold: new FontFile('bold', () => documentFonts.bold),
  mono: new FontFile('mono', () => documentFonts.mono),
};

/** The name each of the document's own fonts is registered under (document.ts). */
export const primaryFontName = (style: FontStyle) => primaryFiles[style].name;

/** Which font a script's letters are set in, before the primary font is asked. */
type ScriptFont = { script: RegExp; file: (style: FontStyle) => FontFile; syntheticBold: boolean };

const weighted =
  (files: { regular: FontFile; bold: FontFile }) =>
  (style: FontStyle): FontFile =>
    style === 'bold' ? files.bold : files.regular;

const SCRIPT_FONTS: ScriptFont[] = [
  { script: /\p{scx=Arabic}/u, file: weighted(arabic), syntheticBold: false },
  { script: /\p{scx=Hebrew}/u, file: weighted(hebrew), syntheticBold: false },
  { script: /\p{scx=Devanagari}/u, file: weighted(devanagari), syntheticBold: false },
  { script: /\p{scx=Gurmukhi}/u, file: weighted(gurmukhi), syntheticBold: false },
  { script: /\p{scx=Thai}/u, file: weighted(thai), syntheticBold: false },
  {
    script: /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Bopomofo}]/u,
    file: () => chinese,
    syntheticBold: true,
  },
  { script: /\p{scx=Hangul}/u, file: () => korean, syntheticBold: true },
];

/** Fonts asked last, for a character of no script of its own that the primary font lacks ("、", "！"). */
const lastResort = (style: FontStyle): Face[] => [
  // DejaVu Sans Mono lacks some of what DejaVu Sans has (Vietnamese "ễ").
  ...(style === 'mono' ? [{ file: primaryFiles.regular, syntheticBold: false }] : []),
  ...SCRIPT_FONTS.map((entry) => ({ file: entry.file(style), syntheticBold: style === 'bold' && entry.syntheticBold })),
];
const LAST_RESORT = { regular: lastResort('regular'), bold: lastResort('bold'), mono: lastResort('mono') };

/** Emoji presentation: pictographs shown as emoji by default, and any sequence with VS16 or a flag. */
const EMOJI = /\p{Emoji_Presentation}|\uFE0F|\p{Regional_Indicator}/u;
/** Characters that take the script of what they follow: spaces, punctuation, digits, marks, joiners. */
const INHERITS = /[\p{Script=Common}\p{Script=Inherited}]/u;

/**
 * The face for one grapheme cluster of text in a style, given the face of the cluster before it;
 * `null` when no font of the chain has it (it is then drawn, as a box, in the primary font).
 */
export function faceFor(cluster: string, style: FontStyle, previous: Face | undefined): Face | null {
  const own = remembered(ownFaces, cluster, style, ownFace);
  if (own) return own;
  const codePoint = cluster.codePointAt(0) ?? 0;
  // The font of the cluster before is already parsed: asked directly, whatever its declared ranges.
  if (
    previous?.file.lendsToNeighbours &&
    INHERITS.test(String.fromCodePoint(codePoint)) &&
    previous.file.font.hasGlyphForCodePoint(codePoint)
  ) {
    return previous;
  }
  return remembered(fallbackFaces, cluster, style, fallbackFace);
}

/**
 * A cluster's face, but for the cluster before it, depends only on the cluster and the style: kept
 * a process, as every character of every line is asked twice (measured, then drawn).
 */
const ownFaces = new Map<string, Face | null>();
const fallbackFaces = new Map<string, Face | null>();
const REMEMBERED_CLUSTERS = 20_000;

function remembered(
  faces: Map<string, Face | null>,
  cluster: string,
  style: FontStyle,
  find: (cluster: string, style: FontStyle) => Face | null,
): Face | null {
  const key = `${style}\u0000${cluster}`;
  let face = faces.get(key);
  if (face === undefined) {
    face = find(cluster, style);
    if (faces.size >= REMEMBERED_CLUSTERS) faces.clear();
    faces.set(key, face);
  }
  return face;
}

/** An emoji's slice, or the font of the cluster's script; null for a character of no script font. */
function ownFace(cluster: string, style: FontStyle): Face | null {
  const codePoint = cluster.codePointAt(0) ?? 0;
  const synthetic = style === 'bold';
  if (EMOJI.test(cluster)) {
    const slice = emojiSliceFor(cluster, codePoint);
    if (slice) return { file: slice, syntheticBold: false };
  }
  const character = String.fromCodePoint(codePoint);
  for (const entry of SCRIPT_FONTS) {
    if (!entry.script.test(character)) continue;
    const file = entry.file(style);
    if (file.has(codePoint)) return { file, syntheticBold: synthetic && entry.syntheticBold };
  }
  return null;
}

/** The primary font, else the first of the last resorts that has the character. */
function fallbackFace(cluster: string, style: FontStyle): Face | null {
  const codePoint = cluster.codePointAt(0) ?? 0;
  const primary = primaryFiles[style];
  if (primary.has(codePoint)) return { file: primary, syntheticBold: false };
  return LAST_RESORT[style].find((face) => face.file.has(codePoint)) ?? null;
}

function emojiSliceFor(cluster: string, codePoint: number): FontFile | undefined {
  const parts = Array.from(cluster, (character) => character.codePointAt(0) ?? 0);
  const candidates = emojiSlices.filter((slice) => slice.mayHave(codePoint));
  // The slice that holds every part of a sequence draws it as one glyph.
  const whole = candidates.find((slice) => parts.every((part) => slice.mayHave(part)));
  return [whole, ...candidates].find((slice) => slice?.has(codePoint));
}

/**
 * Readies every font of the fallback chain, one font per turn of the event loop, so a job arriving
 * meanwhile waits for one font at most (~0.6 s for the CJK ones), never for all of them. A PDF
 * worker starts this once it has warmed up (warm-up.ts; ADR 0085). The document fonts come first,
 * a line of letter pairs per turn (readyPairs). Resolves to words or letters of each script font,
 * for documents that draw them once.
 */
export function readyFontsInBackground(): Promise<string[]> {
  readying ??= new Promise<string[]>((resolve, reject) => {
    const pairLines = Object.values(documentFonts).flatMap((font) =>
      PAIR_LETTERS.map((first) => () => readyPairs(font, first)),
    );
    const files = [
      ...new Set([...SCRIPT_FONTS.flatMap(({ file }) => [file('regular'), file('bold')]), ...emojiSlices]),
    ];
    const samples: string[] = [];
    const steps = [...pairLines, ...files.map((file) => () => samples.push(file.ready()))];
    const next = () => {
      const step = steps.shift();
      if (!step) return resolve(samples);
      try {
        step();
      } catch (error) {
        return reject(error);
      }
      setImmediate(next);
    };
    setImmediate(next);
  });
  return readying;
}

/** Letters, digits and the punctuation of addresses and dates: what names, labels and numbers print. */
const PAIR_LETTERS = [
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  ...'.,;:-–—()/&\'’"“”@#%+ëéèàâôöüçñĐđặễịố',
];

/**
 * Shapes `first` beside every letter of PAIR_LETTERS, both ways round. fontkit decodes a font's
 * kerning and substitution tables lazily, a class or glyph at a time, and compiles the code that
 * reads them as it goes: the first certificate of a worker spent most of its time there, on words
 * every later certificate shapes from warm tables (ADR 0096). A line this long is never kept in the
 * shaping cache (LONGEST_SHARED_WORD).
 */
function readyPairs(font: fontkit.Font, first: string): void {
  font.layout(PAIR_LETTERS.map((second) => `${first}${second}`).join(''));
}
let readying: Promise<string[]> | undefined;

/** The primary face of a style, for text the chain leaves to it. */
export const primaryFace = (style: FontStyle): Face => ({ file: primaryFiles[style], syntheticBold: false });

/**
 * fontkit 2.0.4 throws on a mark-to-base anchor left empty (a NULL offset, which OpenType allows
 * and HarfBuzz skips); Noto Sans Gurmukhi has such anchors, so "ਸਿੰਘ" could not be shaped. The GPOS
 * processor class is not exported: the fix reaches its prototype through a font laid out once.
 */
function skipEmptyAnchors(font: fontkit.Font): void {
  font.layout('A');
  type Processor = { applyAnchor: (markRecord: { markAnchor?: unknown }, baseAnchor: unknown, index: number) => void };
  const processor = (font as unknown as { _layoutEngine?: { engine?: { GPOSProcessor?: Processor } } })._layoutEngine
    ?.engine?.GPOSProcessor;
  if (!processor) throw new Error('fontkit changed: no GPOS processor to patch (fonts.ts)');
  const prototype = Object.getPrototypeOf(processor) as Processor;
  const applyAnchor = prototype.applyAnchor;
  prototype.applyAnchor = function (this: Processor, markRecord, baseAnchor, index) {
    if (!baseAnchor || !markRecord.markAnchor) return;
    applyAnchor.call(this, markRecord, baseAnchor, index);
  };
}
skipEmptyAnchors(documentFonts.regular);

type Glyph = { codePoints: number[] };
type SubstitutingEngine = {
  glyphInfos?: Glyph[] | null;
  substitute: (this: SubstitutingEngine, run: { glyphs: Glyph[] }) => void;
};

/**
 * fontkit keeps one glyph object per glyph of a font, with the code points of the text that first
 * produced it, and hands that object to every later run: a glyph two letters share after
 * substitution (Noto Sans Arabic's dotless base of "ح" and "ج", a reph) then copied out as whichever
 * letter the process happened to draw first. A glyph whose code points differ from this run's is
 * given as a view of the shared one with this run's code points, so the ToUnicode map and the
 * ActualText of a document depend on its own text only, never on what the worker drew before it
 * (its warm-up letters included, ADR 0106).
 */
function glyphsKeepTheirRunsText(font: fontkit.Font): void {
  const engine = (font as unknown as { _layoutEngine?: { engine?: SubstitutingEngine } })._layoutEngine?.engine;
  if (typeof engine?.substitute !== 'function' || !('glyphInfos' in engine)) {
    throw new Error('fontkit changed: no layout engine to patch (fonts.ts)');
  }
  const prototype = Object.getPrototypeOf(engine) as SubstitutingEngine;
  const substitute = prototype.substitute;
  prototype.substitute = function (this: SubstitutingEngine, run) {
    substitute.call(this, run);
    const infos = this.glyphInfos ?? [];
    run.glyphs = run.glyphs.map((glyph, index) => {
      const codePoints = infos[index]?.codePoints ?? glyph.codePoints;
      return sameCodePoints(glyph.codePoints, codePoints)
        ? glyph
        : (Object.create(glyph, { codePoints: { value: codePoints } }) as Glyph);
    });
  };
}
const sameCodePoints = (first: readonly number[], second: readonly number[]) =>
  first.length === second.length && first.every((codePoint, index) => codePoint === second[index]);
glyphsKeepTheirRunsText(documentFonts.regular);

type CoverageRange = { start: number; end: number };
type Coverage =
  | { version: 1; glyphs: ArrayLike<number> | { toArray(): number[] } }
  | { version: 2; rangeRecords: ArrayLike<CoverageRange> | { toArray(): CoverageRange[] } };
/** A contextual subtable as fontkit decodes it: formats 1 and 2 say which glyphs start a match in `coverage`. */
type ContextualTable = {
  version: number;
  coverage?: Coverage;
  coverages?: ArrayLike<Coverage>;
  inputCoverage?: ArrayLike<Coverage>;
};

const listOf = <T>(list: ArrayLike<T> | { toArray(): T[] }): ArrayLike<T> =>
  'toArray' in list ? list.toArray() : list;

/** The glyphs a coverage table lists, one bit each. */
function coverageBits(coverage: Coverage, glyphCount: number): Uint8Array {
  const bits = new Uint8Array((glyphCount >> 3) + 1);
  const set = (glyph: number) => {
    if (glyph < glyphCount) bits[glyph >> 3] = (bits[glyph >> 3] ?? 0) | (1 << (glyph & 7));
  };
  if (coverage.version === 1) for (const glyph of Array.from(listOf(coverage.glyphs))) set(glyph);
  else
    for (const { start, end } of Array.from(listOf(coverage.rangeRecords)))
      for (let glyph = start; glyph <= Math.min(end, glyphCount - 1); glyph++) set(glyph);
  return bits;
}

/** GSUB and GPOS lookup types of (chained) contextual subtables. */
const CONTEXTUAL = { GSUBProcessor: new Set([5, 6]), GPOSProcessor: new Set([7, 8]) } as const;

/**
 * fontkit tries every subtable of a lookup on every glyph, and a contextual subtable only finds out
 * it does not apply after stepping through the glyphs around: Source Han Sans KR's `ccmp` has a
 * chained lookup of 268 subtables, so each Hangul syllable took about 20 µs to shape, and a SWMS
 * written in Korean most of its render. A (chained) contextual subtable applies only where the
 * glyph is in its first input coverage: that is checked first, against a bitmap made once.
 * The processors' prototypes are reached through a font laid out once, as in skipEmptyAnchors.
 */
function skipContextualSubtablesEarly(font: fontkit.Font): void {
  font.layout('A');
  type Processor = {
    font: { numGlyphs: number };
    glyphIterator: { cur: { id: number } };
    applyLookup: (lookupType: number, table: ContextualTable) => boolean;
  };
  const engine = (font as unknown as { _layoutEngine?: { engine?: Record<string, Processor | undefined> } })
    ._layoutEngine?.engine;
  for (const [name, contextual] of Object.entries(CONTEXTUAL)) {
    const processor = engine?.[name];
    if (!processor) throw new Error(`fontkit changed: no ${name} to patch (fonts.ts)`);
    const prototype = Object.getPrototypeOf(processor) as Processor;
    const applyLookup = prototype.applyLookup;
    const firstCoverages = new WeakMap<ContextualTable, Uint8Array | null>();
    prototype.applyLookup = function (this: Processor, lookupType, table) {
      if (contextual.has(lookupType)) {
        let bits = firstCoverages.get(table);
        if (bits === undefined) {
          const first = table.version === 3 ? (table.coverages ?? table.inputCoverage)?.[0] : table.coverage;
          bits = first ? coverageBits(first, this.font.numGlyphs) : null;
          firstCoverages.set(table, bits);
        }
        const id = this.glyphIterator.cur.id;
        if (bits && !((bits[id >> 3] ?? 0) & (1 << (id & 7)))) return false;
      }
      return applyLookup.call(this, lookupType, table);
    };
  }
}
skipContextualSubtablesEarly(documentFonts.regular);
