/**
 * How a phone photo is made small enough to upload (PRODUCT.md, Budgets): at most 2048 px on its long edge
 * and at most 600 KB. Pure maths; photo-shrink.ts does the decoding and encoding in the browser.
 */

const MAX_PHOTO_EDGE = 2048;
export const MAX_PHOTO_BYTES = 600 * 1024;
/** Below this JPEG quality phone photos start to show blocks. */
const LOWEST_QUALITY = 0.5;
/** JPEG qualities tried in turn, best first. */
export const JPEG_QUALITIES = [0.85, 0.75, 0.65, 0.55, LOWEST_QUALITY] as const;
/** When even the lowest quality is too heavy, each further try is this much smaller. */
const SHRINK_FACTOR = 0.8;
/** A floor so the attempts always end. */
const MIN_EDGE = 320;

type Size = { width: number; height: number };
export type Encoding = Size & { quality: number };

/** The largest size with the same proportions whose long edge is at most `maxEdge`. */
export function fitWithin({ width, height }: Size, maxEdge = MAX_PHOTO_EDGE): Size {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Whether a file can be uploaded as it is: a supported type already within both limits. */
export function fitsAsIs(file: { size: number; type: string }, size: Size): boolean {
  return (
    ['image/jpeg', 'image/png', 'image/webp'].includes(file.type) &&
    file.size <= MAX_PHOTO_BYTES &&
    Math.max(size.width, size.height) <= MAX_PHOTO_EDGE
  );
}

/**
 * The encodings to try, in order: the fitted size at each quality, then ever smaller sizes at the
 * lowest quality, down to a 320 px long edge.
 */
export function* encodingAttempts(original: Size): Generator<Encoding> {
  let size = fitWithin(original);
  for (const quality of JPEG_QUALITIES) yield { ...size, quality };
  while (Math.max(size.width, size.height) > MIN_EDGE) {
    size = fitWithin(size, Math.max(MIN_EDGE, Math.floor(Math.max(size.width, size.height) * SHRINK_FACTOR)));
    yield { ...size, quality: LOWEST_QUALITY };
  }
}

/**
 * Encodes with each attempt until one is within `maxBytes`; returns the smallest result if none is
 * (the server still takes it, up to its own much larger limit).
 */
export async function encodeWithinBudget(
  original: Size,
  encode: (encoding: Encoding) => Promise<Blob>,
  maxBytes = MAX_PHOTO_BYTES,
): Promise<Blob> {
  let smallest: Blob | undefined;
  for (const encoding of encodingAttempts(original)) {
    const blob = await encode(encoding);
    if (blob.size <= maxBytes) return blob;
    if (!smallest || blob.size < smallest.size) smallest = blob;
  }
  if (!smallest) throw new Error('The photo could not be encoded.');
  return smallest;
}
