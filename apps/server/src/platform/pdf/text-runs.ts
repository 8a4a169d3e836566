import bidiFactory from 'bidi-js';
import { type Face, type FontStyle, faceFor, primaryFace } from './fonts.ts';

/*
 * How a line of text is split into runs, each set in one font and one direction (ADR 0050):
 *  - by grapheme cluster (an emoji sequence, a letter and its marks stay whole), each cluster takes
 *    the first font of the fallback chain that has it (fonts.ts, faceFor);
 *  - by the Unicode Bidirectional Algorithm (UAX #9, bidi-js) on a left-to-right paragraph, as the
 *    documents are English and the web pages show the same names in a left-to-right page;
 *  - then put in visual order (rule L2), right-to-left runs with their mirrored characters (L4).
 */

const bidi = bidiFactory();
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** A run in one face. `rtl`: drawn right to left (its glyphs reversed by the shaper). */
export type TextRun = { text: string; face: Face; rtl: boolean };

/**
 * Text the primary fonts draw as they always have, with pdfkit's own path: Latin, Greek, Cyrillic,
 * Vietnamese, punctuation and symbols, none of it right-to-left or an emoji. Checked first, so a
 * Latin-only document pays one regular expression per string.
 */
const PLAIN = /^[\t\n\r -\u052F\u1D00-\u1FFF\u2000-\u200B\u2010-\u2027\u202F-\u205F\u20A0-\u23FF\u2500-\u25FF]*$/;
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u;

export const isPlain = (text: string) => PLAIN.test(text) && !EMOJI_PRESENTATION.test(text);

/** `covered`: some font of the chain has it (else it is drawn, as a box, in the primary font). */
type Cluster = { text: string; face: Face; level: number; covered: boolean };

/** Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko… and their presentation forms) and bidi controls. */
const MAY_NEED_BIDI =
  /[\u0590-\u08FF\u061C\u200F\u202A-\u202E\u2066-\u2069\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/** Bidi controls (marks, embeddings, isolates) steer the order of the text around them, and draw nothing. */
const BIDI_CONTROL = /^[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]$/u;

/**
 * The grapheme clusters of a line with their faces and bidi levels. A space or punctuation mark
 * takes the font of the cluster before it only within the same level: the space that ends a
 * right-to-left name belongs to the left-to-right sentence around it.
 */
function clustersOf(line: string, style: FontStyle): Cluster[] {
  // Without a right-to-left letter or a bidi control every level is the paragraph's: no need to ask.
  const levels = MAY_NEED_BIDI.test(line) ? bidi.getEmbeddingLevels(line, 'ltr').levels : undefined;
  // Rule L1: whitespace at the end of the line goes back to the paragraph's level.
  for (let index = line.length - 1; levels && index >= 0 && /\s/u.test(line[index] ?? ''); index--) levels[index] = 0;
  const clusters: Cluster[] = [];
  for (const { segment, index } of graphemes.segment(line)) {
    if (BIDI_CONTROL.test(segment)) continue;
    const level = levels?.[index] ?? 0;
    const previous = clusters.at(-1);
    const face = faceFor(segment, style, previous?.level === level ? previous.face : undefined);
    clusters.push({ text: segment, face: face ?? primaryFace(style), level, covered: face !== null });
  }
  return clusters;
}

const sameFace = (a: Face, b: Face) => a.file === b.file && a.syntheticBold === b.syntheticBold;

/** The runs of `text` in logical order, one per change of face or direction: what measuring needs. */
export function logicalRuns(text: string, style: FontStyle): TextRun[] {
  return runsOf(clustersOf(text, style)).map(({ text: run, face, level }) => ({
    text: run,
    face,
    rtl: level % 2 === 1,
  }));
}

type LevelledRun = { text: string; face: Face; level: number };

function runsOf(clusters: Cluster[]): LevelledRun[] {
  const runs: LevelledRun[] = [];
  for (const { text, face, level } of clusters) {
    const last = runs.at(-1);
    if (last && last.level === level && sameFace(last.face, face)) last.text += text;
    else runs.push({ text, face, level });
  }
  return runs;
}

/** The runs of one line in visual order, left to right, each in logical order within itself. */
export function visualRuns(line: string, style: FontStyle): TextRun[] {
  return reorder(runsOf(clustersOf(line, style))).map(({ text, face, level }) => {
    const rtl = level % 2 === 1;
    return { text: rtl ? mirrored(text) : text, face, rtl };
  });
}

/** Rule L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above. */
function reorder(runs: LevelledRun[]): LevelledRun[] {
  const highest = Math.max(0, ...runs.map((run) => run.level));
  const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 === 1 ? run.level : run.level + 1)));
  let order = [...runs];
  for (let level = highest; level >= lowestOdd; level--) {
    const next: LevelledRun[] = [];
    let sequence: LevelledRun[] = [];
    for (const run of order) {
      if (run.level >= level) {
        sequence.push(run);
        continue;
      }
      next.push(...sequence.reverse(), run);
      sequence = [];
    }
    next.push(...sequence.reverse());
    order = next;
  }
  return order;
}

/** Rule L4: brackets and the like take their mirror image in right-to-left text ("(" draws as ")"). */
const mirrored = (text: string) =>
  Array.from(text, (character) => bidi.getMirroredCharacter(character) ?? character).join('');

/**
 * User text set inside a sentence ("Zoë  ·  14 May"), isolated (U+2068 … U+2069) so that a
 * right-to-left name does not carry the punctuation and numbers beside it into its own run, as a
 * browser shows the same name in a <bdi>.
 */
export const isolated = (text: string) => `\u2068${text}\u2069`;

/** The characters of `text` no font of the chain has (they would print as boxes). */
export const uncoveredCharacters = (text: string, style: FontStyle): string[] =>
  clustersOf(text, style)
    .filter((cluster) => !cluster.covered)
    .map((cluster) => cluster.text);
