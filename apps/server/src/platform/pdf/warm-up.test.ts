import { describe, expect, it } from 'vitest';
import { readyInBackground, warmUpPdfJobOf } from './warm-up.ts';

describe("a worker's background work after its warm-up document (ADR 0100)", () => {
  it("draws each layout's sample with a Latin name, then with every script's words, one per turn", async () => {
    const drawn: string[] = [];
    const layouts = [
      { drawSample: async (name: string) => drawn.push(`certificate for ${name}`) },
      {},
      { drawSample: async (name: string) => drawn.push(`swms for ${name}`) },
    ];
    const pdf = await warmUpPdfJobOf(layouts).run(null);

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The warm-up document is answered before the background work has drawn anything.
    expect(drawn).toEqual([]);
    await readyInBackground(layouts);
    expect(drawn.slice(0, 2)).toEqual(['certificate for Sample', 'swms for Sample']);
    expect(drawn).toHaveLength(4);
    // The second round's name holds words of the script fonts: Arabic, Devanagari, Chinese, Korean.
    for (const script of [/\p{scx=Arabic}/u, /\p{scx=Devanagari}/u, /\p{scx=Han}/u, /\p{scx=Hangul}/u]) {
      expect(drawn[2]).toMatch(script);
    }
    expect(drawn[3]?.replace('swms', 'certificate')).toBe(drawn[2]);
    await readyInBackground(layouts);
    expect(drawn).toHaveLength(4);
  });
});
