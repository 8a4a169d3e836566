/**
 * pdfkit measures a word with no break opportunity by shaping ever shorter and longer slices of
 * it, which is quadratic in its length: one 2,000-letter "word" per field held a SWMS render for
 * about 50 s. Inserting zero-width spaces, which UAX #14 treats as break opportunities
 * and DejaVu draws with no width, turns such a run into short words that wrap in linear time.
 *
 * Only runs longer than any real word or printed identifier are touched: a 64-character fingerprint
 * or a verify URL stays one piece, so it still copies out of the PDF unchanged.
 */
export const LONGEST_UNBROKEN_RUN = 100;
/** Short enough to fit the narrowest table column; long enough that few breaks are added. */
const PIECE = 16;
const ZERO_WIDTH_SPACE = '\u200b';

const longRun = new RegExp(`[^\\s\\u200b]{${LONGEST_UNBROKEN_RUN + 1},}`, 'gu');
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Code points that join the one before into one character: marks, joiners, emoji modifiers and flags. */
const JOINS = /\p{M}|\u200C|\u200D|\uFE0E|\uFE0F|\p{Emoji_Modifier}|\p{Regional_Indicator}/u;

export function breakableText(text: string): string {
  if (text.length <= LONGEST_UNBROKEN_RUN) return text;
  return text.replace(longRun, (run) => {
    // By character, so a break never splits one (an emoji sequence, a letter and its marks); by
    // code point where nothing joins code points, as segmenting is slow and this runs per measure.
    const characters = JOINS.test(run) ? Array.from(graphemes.segment(run), ({ segment }) => segment) : Array.from(run);
    let pieces = '';
    for (let start = 0; start < characters.length; start += PIECE) {
      if (start > 0) pieces += ZERO_WIDTH_SPACE;
      pieces += characters.slice(start, start + PIECE).join('');
    }
    return pieces;
  });
}
