import { describe, expect, it } from 'vitest';
import type { FontStyle } from './fonts.ts';
import { isolated, isPlain, logicalRuns, uncoveredCharacters, visualRuns } from './text-runs.ts';

/** Names as people write them: the set, and one of every script the chain covers. */
const NAMES = {
  arabic: 'محمد الأحمد',
  hebrew: 'דוד כהן',
  simplifiedChinese: '王秀英',
  traditionalChinese: '陳大文',
  japanese: '山田さくら',
  korean: '김민준',
  hindi: 'अर्जुन शर्मा',
  punjabi: 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ',
  thai: 'สมชาย ใจดี',
  emoji: 'Bob 🦺 👷‍♀️',
  vietnamese: 'Nguyễn Thị Ánh',
  greek: 'Γιώργος Παπαδόπουλος',
  cyrillic: 'Ольга Иванова',
};
const STYLES: FontStyle[] = ['regular', 'bold', 'mono'];

const summary = (text: string, style: FontStyle = 'regular') =>
  visualRuns(text, style).map((run) => [run.text, run.face.file.name, run.rtl]);

describe('text runs', () => {
  it('leaves Latin and Vietnamese to the primary font, on pdfkit’s own path', () => {
    for (const text of ['Zoë Nguyễn', 'Seán Đặng-O’Brien', "O'Brien & Sons", 'Page 1 of 3 · SHA-256 3f2a…']) {
      expect(isPlain(text)).toBe(true);
    }
    for (const text of [NAMES.arabic, NAMES.simplifiedChinese, NAMES.emoji, isolated('Zoë')]) {
      expect(isPlain(text)).toBe(false);
    }
  });

  it('has a font for every character of every name, in every style, and shapes none as .notdef', () => {
    for (const style of STYLES) {
      for (const name of Object.values(NAMES)) {
        expect(uncoveredCharacters(name, style)).toEqual([]);
        for (const run of visualRuns(name, style)) {
          const shaped = run.face.file.font.layout(
            run.text,
            undefined,
            undefined,
            undefined,
            run.rtl ? 'rtl' : undefined,
          );
          expect(shaped.glyphs.map((glyph) => glyph.id)).not.toContain(0);
        }
      }
    }
  });

  it('keeps a right-to-left name whole and in its place in a left-to-right sentence', () => {
    expect(summary(`Signed by ${NAMES.arabic} on 3 May`)).toEqual([
      ['Signed by ', 'regular', false],
      [NAMES.arabic, 'noto-sans-arabic-400', true],
      [' on 3 May', 'regular', false],
    ]);
    // Words of a right-to-left run follow each other right to left; numbers inside it read left to right.
    expect(summary(`${NAMES.arabic} 12`)).toEqual([
      ['12', 'regular', false],
      [`${NAMES.arabic} `, 'noto-sans-arabic-400', true],
    ]);
  });

  it('keeps the punctuation and date beside an isolated name out of it', () => {
    expect(summary(`${NAMES.arabic}  ·  14 November 2026`)[0]?.[0]).toBe('14');
    expect(summary(`${isolated(NAMES.arabic)}  ·  14 November 2026`)).toEqual([
      [NAMES.arabic, 'noto-sans-arabic-400', true],
      ['  ·  14 November 2026', 'regular', false],
    ]);
  });

  it('mirrors brackets in right-to-left text', () => {
    const runs = visualRuns('שלום (דוד)', 'regular');
    const visual = runs.map((run) => (run.rtl ? Array.from(run.text).reverse().join('') : run.text)).join('');
    expect(visual).toBe('(דוד) םולש');
  });

  it('sets each script in its font, and bold where a font has no bold as a stroked regular', () => {
    expect(summary(`${NAMES.simplifiedChinese} ${NAMES.korean}`, 'bold')).toEqual([
      [NAMES.simplifiedChinese, 'source-han-sans-cn', false],
      [' ', 'bold', false],
      [NAMES.korean, 'source-han-sans-kr', false],
    ]);
    const [chinese] = visualRuns(NAMES.simplifiedChinese, 'bold');
    expect(chinese?.face.syntheticBold).toBe(true);
    const [arabicBold] = visualRuns(NAMES.arabic, 'bold');
    expect([arabicBold?.face.file.name, arabicBold?.face.syntheticBold]).toEqual(['noto-sans-arabic-700', false]);
  });

  it('sets the space after an emoji in the text font, not the emoji font’s wide space', () => {
    expect(summary('Bob 🦺 Tiling').map(([text, font]) => [text, font])).toEqual([
      ['Bob ', 'regular'],
      ['🦺', expect.stringMatching(/^noto-emoji-\d+$/)],
      [' Tiling', 'regular'],
    ]);
  });

  it('keeps an emoji sequence whole, in one emoji font', () => {
    const runs = logicalRuns('👷‍♀️', 'regular');
    expect(runs).toHaveLength(1);
    expect(runs[0]?.face.file.name).toMatch(/^noto-emoji-\d+$/);
    const glyphs = runs[0]?.face.file.font.layout('👷‍♀️').glyphs ?? [];
    expect(glyphs.map((glyph) => glyph.id)).not.toContain(0);
  });
});
