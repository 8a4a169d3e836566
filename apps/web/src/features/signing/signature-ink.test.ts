import { describe, expect, it } from 'vitest';
import { fitInBox, toInk } from './signature-ink.ts';

/** RGBA pixels, each given as [r, g, b, a]. */
const pixels = (...colours: number[][]) => new Uint8ClampedArray(colours.flat());

describe('fitInBox', () => {
  it('shrinks a large picture to within 600 × 200, keeping its shape', () => {
    expect(fitInBox(3000, 1500)).toEqual({ width: 400, height: 200 });
    expect(fitInBox(4000, 400)).toEqual({ width: 600, height: 60 });
  });

  it('never enlarges a small one', () => {
    expect(fitInBox(120, 40)).toEqual({ width: 120, height: 40 });
  });
});

describe('toInk', () => {
  it('makes dark strokes on light paper ink on a transparent ground', () => {
    const paper = [240, 236, 225, 255];
    const blueInk = [29, 63, 143, 255];
    const shadow = [200, 196, 190, 255];
    const rgba = pixels(paper, blueInk, shadow, paper, blueInk);
    expect(toInk(rgba)).toBe(true);
    expect(Array.from(rgba)).toEqual(
      [
        [0, 0, 0, 0],
        [15, 23, 42, 255],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [15, 23, 42, 255],
      ].flat(),
    );
  });

  it('reads transparent pixels as paper, so a signature saved on a clear ground stays ink', () => {
    const rgba = pixels([0, 0, 0, 0], [0, 0, 0, 255], [0, 0, 0, 0]);
    expect(toInk(rgba)).toBe(true);
    expect(rgba[3]).toBe(0);
    expect(rgba[7]).toBe(255);
  });

  it('finds no ink in a picture of one flat shade', () => {
    const rgba = pixels([250, 250, 250, 255], [250, 250, 250, 255]);
    expect(toInk(rgba)).toBe(false);
  });
});
