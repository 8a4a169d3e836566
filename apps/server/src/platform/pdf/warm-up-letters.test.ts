import type * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { faceFor } from './fonts.ts';
import { readyInBackground } from './warm-up.ts';
import { COMMON_LETTERS } from './warm-up-letters.ts';

const lettersOf = (line: string) => [...line].filter((character) => /\p{L}/u.test(character));

describe("a worker's background work draws each script's common letters (ADR 0106)", () => {
  it('shapes every letter of every line in the font its script is drawn in', async () => {
    const laidOut = new Map<fontkit.Font, string[]>();
    const fontOf = (line: string) => {
      const face = faceFor(lettersOf(line)[0] ?? '', 'regular', undefined);
      if (!face) throw new Error(`no font for ${line.slice(0, 10)}`);
      return face.file.font;
    };
    for (const line of COMMON_LETTERS) {
      const font = fontOf(line);
      if (laidOut.has(font)) continue;
      const texts: string[] = [];
      laidOut.set(font, texts);
      const layout = font.layout.bind(font);
      font.layout = (text, ...rest) => {
        texts.push(text);
        return layout(text, ...rest);
      };
    }

    await readyInBackground([]);

    for (const line of COMMON_LETTERS) {
      const letters = lettersOf(line);
      // A few hundred letters for each CJK font, every letter for an alphabet.
      expect(new Set(letters).size).toBeGreaterThanOrEqual(25);
      const shaped = (laidOut.get(fontOf(line)) ?? []).join('');
      expect(letters.filter((letter) => !shaped.includes(letter))).toEqual([]);
    }
  }, 120_000);
});
