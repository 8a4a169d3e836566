import { describe, expect, it } from 'vitest';
import { inkBounds } from './ink-bounds.ts';

/** A width × height RGBA image with the given pixels opaque. */
function image(width: number, height: number, opaque: Array<[x: number, y: number]>) {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (const [x, y] of opaque) rgba[(y * width + x) * 4 + 3] = 255;
  return rgba;
}

describe('inkBounds', () => {
  it('is null for an empty canvas', () => {
    expect(inkBounds(image(4, 3, []), 4, 3)).toBeNull();
  });

  it('frames every drawn pixel', () => {
    expect(
      inkBounds(
        image(10, 8, [
          [3, 2],
          [7, 5],
          [5, 6],
        ]),
        10,
        8,
      ),
    ).toEqual({ x: 3, y: 2, width: 5, height: 5 });
  });

  it('counts faint (partly transparent) pixels as ink', () => {
    const rgba = image(3, 3, []);
    rgba[(1 * 3 + 2) * 4 + 3] = 1;
    expect(inkBounds(rgba, 3, 3)).toEqual({ x: 2, y: 1, width: 1, height: 1 });
  });

  it('handles ink touching the edges', () => {
    expect(
      inkBounds(
        image(3, 2, [
          [0, 0],
          [2, 1],
        ]),
        3,
        2,
      ),
    ).toEqual({ x: 0, y: 0, width: 3, height: 2 });
  });
});
