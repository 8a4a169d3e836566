import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

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
 */
export function withSharedShaping(font: fontkit.Font, capacity = SHAPED_WORDS_PER_FONT): fontkit.Font {
  const shape = font.layout.bind(font);
  const shaped = new Map<string, fontkit.GlyphRun>();
  font.layout = (text, features, ...rest) => {
    // Only the default shaping is shared; anything else is rare and shaped as asked.
    if (features !== undefined || rest.length > 0 || text.length > LONGEST_SHARED_WORD) {
      return shape(text, features, ...rest);
    }
    let run = shaped.get(text);
    if (run) {
      shaped.delete(text); // re-inserted below as the most recently used
    } else {
      run = shape(text);
      if (shaped.size >= capacity) shaped.delete(shaped.keys().next().value as string);
    }
    shaped.set(text, run);
    return copyOf(run);
  };
  return font;
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

const loadFont = (file: string) => withSharedShaping(fontkit.create(readFontFile(file)) as fontkit.Font);

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
