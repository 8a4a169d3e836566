/**
 * Typed and uploaded signatures are made into the same image a drawing is (ADR 0052): dark ink on a
 * transparent ground, within the box the server keeps a signer's signature in (600 × 200).
 */
export const SIGNATURE_BOX = { width: 600, height: 200 } as const;

/** The ink's colour, as the drawing pad's. */
const INK = [0x0f, 0x17, 0x2a] as const;

/** The size `width` × `height` takes to fit inside the signature box, never enlarged. */
export function fitInBox(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, SIGNATURE_BOX.width / width, SIGNATURE_BOX.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Turns a picture of a signature (RGBA, e.g. a photo of it on paper) into ink: pixels darker than
 * Otsu's threshold become ink, the rest transparent; a transparent pixel counts as white paper.
 * Answers false, leaving the pixels as they were, when the picture is one flat shade (no ink in it).
 */
export function toInk(rgba: Uint8ClampedArray): boolean {
  const pixels = rgba.length / 4;
  const shades = new Uint8Array(pixels);
  const histogram = new Array<number>(256).fill(0);
  for (let pixel = 0; pixel < pixels; pixel++) {
    const at = pixel * 4;
    const opacity = (rgba[at + 3] ?? 0) / 255;
    const luma = 0.299 * (rgba[at] ?? 0) + 0.587 * (rgba[at + 1] ?? 0) + 0.114 * (rgba[at + 2] ?? 0);
    const shade = Math.round(255 - opacity * (255 - luma));
    shades[pixel] = shade;
    histogram[shade] = (histogram[shade] ?? 0) + 1;
  }
  const threshold = otsuThreshold(histogram, pixels);
  if (threshold === null) return false;
  for (let pixel = 0; pixel < pixels; pixel++) {
    const ink = (shades[pixel] ?? 255) <= threshold;
    rgba.set(ink ? [...INK, 255] : [0, 0, 0, 0], pixel * 4);
  }
  return true;
}

/** The shade that best splits the histogram into two classes (ink and paper); null for a flat one. */
function otsuThreshold(histogram: readonly number[], total: number): number | null {
  let weightedSum = 0;
  for (let shade = 0; shade < 256; shade++) weightedSum += shade * (histogram[shade] ?? 0);
  let darkCount = 0;
  let darkSum = 0;
  let best = 0;
  let threshold: number | null = null;
  for (let shade = 0; shade < 256; shade++) {
    const count = histogram[shade] ?? 0;
    darkCount += count;
    darkSum += shade * count;
    const lightCount = total - darkCount;
    if (darkCount === 0) continue;
    if (lightCount === 0) break;
    const between = darkCount * lightCount * (darkSum / darkCount - (weightedSum - darkSum) / lightCount) ** 2;
    if (between > best) {
      best = between;
      threshold = shade;
    }
  }
  return threshold;
}
