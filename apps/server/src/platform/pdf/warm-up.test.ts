import { describe, expect, it } from 'vitest';
import { readyInBackground, warmUpPdfJobOf } from './warm-up.ts';

describe("a worker's background work after its warm-up document (ADR 0100)", () => {
  it("draws each layout's sample once, after the fonts and scripts, one per turn", async () => {
    const drawn: string[] = [];
    const layouts = [
      { drawSample: async () => drawn.push('certificate') },
      {},
      { drawSample: async () => drawn.push('swms') },
    ];
    const pdf = await warmUpPdfJobOf(layouts).run(null);

    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The warm-up document is answered before the background work has drawn anything.
    expect(drawn).toEqual([]);
    await readyInBackground(layouts);
    expect(drawn).toEqual(['certificate', 'swms']);
    await readyInBackground(layouts);
    expect(drawn).toEqual(['certificate', 'swms']);
  });
});
