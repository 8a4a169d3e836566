import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { faceFor, readFontFile, readyFontsInBackground, unpackWoff, withSharedShaping } from './fonts.ts';

const dejaVuSans = () => fontkit.create(readFontFile('DejaVuSans.ttf')) as fontkit.Font;

/** A fresh DejaVu Sans whose own shaping calls are counted. */
function countedFont() {
  const font = dejaVuSans();
  const shape = font.layout.bind(font);
  const calls: string[] = [];
  font.layout = (text, ...rest) => {
    calls.push(text);
    return shape(text, ...rest);
  };
  return { font, calls, plain: dejaVuSans() };
}

const summary = (run: fontkit.GlyphRun) => ({
  glyphs: run.glyphs.map((glyph) => glyph.id),
  positions: run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => [xAdvance, yAdvance, xOffset, yOffset]),
  advanceWidth: run.advanceWidth,
});

describe('shared shaping cache', () => {
  it('shapes exactly as fontkit does, accents and kerning included', () => {
    const { font, plain } = countedFont();
    const shared = withSharedShaping(font);
    for (const word of ['Zoë ', 'Ng-Đặng ', 'AVATAR ', 'office@example.com']) {
      expect(summary(shared.layout(word))).toEqual(summary(plain.layout(word)));
      expect(summary(shared.layout(word))).toEqual(summary(plain.layout(word)));
    }
  });

  it('shapes a word once, and hands every caller a copy it may scale in place', () => {
    const { font, calls } = countedFont();
    const shared = withSharedShaping(font);
    const first = shared.layout('Certificate ');
    const before = summary(first);
    // What pdfkit does with a run: scale its positions to 1000 units per em.
    for (const position of first.positions) position.xAdvance *= 0.48828125;
    first.glyphs.pop();
    expect(summary(shared.layout('Certificate '))).toEqual(before);
    expect(calls).toEqual(['Certificate ']);
  });

  it('keeps only the most recently used words', () => {
    const { font, calls } = countedFont();
    const shared = withSharedShaping(font, 2);
    shared.layout('one ');
    shared.layout('two ');
    shared.layout('one '); // now the most recent
    shared.layout('three '); // pushes out "two"
    shared.layout('one ');
    shared.layout('two ');
    expect(calls).toEqual(['one ', 'two ', 'three ', 'two ']);
  });

  it('shapes runs with explicit features as asked, without caching them', () => {
    const { font, calls, plain } = countedFont();
    const shared = withSharedShaping(font);
    expect(summary(shared.layout('office ', ['liga']))).toEqual(summary(plain.layout('office ', ['liga'])));
    shared.layout('office ', ['liga']);
    expect(calls).toEqual(['office ', 'office ']);
  });
});

describe('shared shaping in a given direction', () => {
  it('keeps a run shaped right to left apart from the same text shaped as its script asks', () => {
    const { font, calls } = countedFont();
    const shared = withSharedShaping(font);
    const asScript = summary(shared.layout('abc'));
    const rightToLeft = summary(shared.layout('abc', undefined, undefined, undefined, 'rtl'));
    expect(rightToLeft.glyphs).toEqual([...asScript.glyphs].reverse());
    shared.layout('abc', undefined, undefined, undefined, 'rtl');
    expect(calls).toEqual(['abc', 'abc']);
  });
});

describe('unpackWoff', () => {
  it('gives the TrueType font a WOFF wraps: the same glyphs, shaped the same', () => {
    const require = createRequire(import.meta.url);
    const woff = readFileSync(
      require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff'),
    );
    const packed = fontkit.create(woff) as fontkit.Font;
    const unpacked = fontkit.create(unpackWoff(woff)) as fontkit.Font;
    expect(unpacked.type).toBe('TTF');
    expect(unpacked.numGlyphs).toBe(packed.numGlyphs);
    expect(summary(unpacked.layout('محمد الأحمد'))).toEqual(summary(packed.layout('محمد الأحمد')));
    expect(unpacked.getGlyph(20).path.toSVG()).toBe(packed.getGlyph(20).path.toSVG());
  });
});

describe('the install budget of the script fonts (ADR 0050)', () => {
  it('keeps the fonts and text-layout packages within 30 MB', () => {
    const require = createRequire(import.meta.url);
    const packages = [
      '@fontsource/noto-emoji/unicode.json',
      '@fontsource/noto-sans-arabic/unicode.json',
      '@fontsource/noto-sans-devanagari/unicode.json',
      '@fontsource/noto-sans-gurmukhi/unicode.json',
      '@fontsource/noto-sans-hebrew/unicode.json',
      '@fontsource/noto-sans-thai/unicode.json',
      '@librescore/fonts/SourceHanSansCN.min.woff2',
      'bidi-js/package.json',
    ].map((file) => path.dirname(require.resolve(file)));
    const bytes = packages
      .flatMap((folder) => readdirSync(folder, { recursive: true }).map((file) => path.join(folder, String(file))))
      .reduce((sum, file) => sum + (statSync(file).isFile() ? statSync(file).size : 0), 0);
    expect(bytes / 1024 / 1024).toBeLessThanOrEqual(30);
  });
});

describe('script fonts readied in the background', () => {
  it('reads every font of the chain a font per turn of the event loop, with letters of each script to draw', async () => {
    // Another task queued alongside runs between the fonts: a job arriving waits for one font, not all.
    let turnsMeanwhile = 0;
    let readied = false;
    const countTurns = () => {
      if (readied) return;
      turnsMeanwhile += 1;
      setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const samples = await readyFontsInBackground();
    readied = true;
    expect(samples.length).toBeGreaterThan(10);
    expect(turnsMeanwhile).toBeGreaterThanOrEqual(samples.length);
    expect(samples.every((sample) => sample.length > 0)).toBe(true);
    const all = samples.join('');
    for (const script of [/\p{scx=Arabic}/u, /\p{scx=Han}/u, /\p{scx=Hangul}/u, /\p{scx=Devanagari}/u, /\p{Emoji}/u]) {
      expect(all).toMatch(script);
    }
    // Started again, it is the same work, not a second pass.
    expect(await readyFontsInBackground()).toBe(samples);
  }, 120_000);
});

describe('the text a shaped glyph stands for', () => {
  it("is the run's own letters, not those of the run that first made the glyph", () => {
    const arabic = faceFor('ح', 'regular', undefined)?.file.font;
    if (!arabic) throw new Error('no Arabic font');
    // Noto Sans Arabic draws "ج" and "ح" on one dotless base glyph, each with its own dot (or none).
    const jeem = arabic.layout('نجم');
    const hah = arabic.layout('نحم');
    const shared = hah.glyphs.filter((glyph) => jeem.glyphs.some((other) => other.id === glyph.id));
    expect(jeem.glyphs.some((glyph) => glyph.codePoints.includes(0x062c))).toBe(true);
    expect(shared.length).toBeGreaterThan(0);
    const letters = hah.glyphs.flatMap((glyph) => glyph.codePoints);
    expect(letters).toContain(0x062d);
    expect(letters).not.toContain(0x062c);
  });
});
