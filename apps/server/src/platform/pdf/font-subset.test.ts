import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { withFastSubsets } from './font-subset.ts';
import { readFontFile, unpackWoff } from './fonts.ts';

const require = createRequire(import.meta.url);
const fonts = {
  'DejaVu Sans': () => readFontFile('DejaVuSans.ttf'),
  'DejaVu Sans Bold': () => readFontFile('DejaVuSans-Bold.ttf'),
  'DejaVu Sans Mono': () => readFontFile('DejaVuSansMono.ttf'),
  'Noto Sans Arabic (from WOFF)': () =>
    unpackWoff(
      readFileSync(require.resolve('@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff')),
    ),
};

/** The glyphs of `text` as pdfkit asks for them: in the order first drawn. */
function subsetBytes(font: fontkit.Font, text: string): Uint8Array {
  const subset = font.createSubset() as fontkit.Subset & { includeGlyph(id: number): number };
  for (const glyph of font.layout(text).glyphs) subset.includeGlyph(glyph.id);
  return subset.encode();
}

describe('fast TrueType subsets', () => {
  // Composite glyphs (é, ặ, Đ, ﻻ) renumber their components; kerning pairs and digits in any order.
  const texts = [
    'Zoë Ng-Đặng Waterproofing · 51 824 753 556',
    'Run 42: flood test 294 held for 66 hours, job 42X. ÀÉÎÕÜ àéîõü ĂăẠạẶặ',
    'محمد الأحمد لا ﻻ ١٢٣',
    '',
  ];
  for (const [name, bytes] of Object.entries(fonts)) {
    it(`writes what fontkit writes, byte for byte: ${name}`, () => {
      const fontkitFont = fontkit.create(bytes()) as fontkit.Font;
      const fast = withFastSubsets(fontkit.create(bytes()) as fontkit.Font);
      for (const text of texts) {
        // Twice: the second subset reads the glyph records the first one kept.
        expect(Buffer.from(subsetBytes(fast, text))).toEqual(Buffer.from(subsetBytes(fontkitFont, text)));
        expect(Buffer.from(subsetBytes(fast, text))).toEqual(Buffer.from(subsetBytes(fontkitFont, text)));
      }
    });
  }

  it('leaves CFF fonts to fontkit', () => {
    const cjk = fontkit.create(
      readFileSync(require.resolve('@librescore/fonts/SourceHanSansKR.min.woff2')),
    ) as fontkit.Font;
    const createSubset = cjk.createSubset;
    expect(withFastSubsets(cjk).createSubset).toBe(createSubset);
  });
});
