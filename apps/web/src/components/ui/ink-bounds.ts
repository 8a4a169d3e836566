export type Bounds = { x: number; y: number; width: number; height: number };

/**
 * The smallest rectangle holding every pixel that is not fully transparent, in RGBA pixel data
 * (as from `getImageData`), or null when nothing was drawn. Used to crop a drawn signature to the
 * ink, so it is not shrunk by the empty space around it where it is printed.
 */
export function inkBounds(rgba: ArrayLike<number>, width: number, height: number): Bounds | null {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((rgba[(y * width + x) * 4 + 3] ?? 0) === 0) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      bottom = y;
    }
  }
  if (right < 0) return null;
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}
