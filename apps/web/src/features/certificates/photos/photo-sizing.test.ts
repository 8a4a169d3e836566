import { describe, expect, it } from 'vitest';
import {
  type Encoding,
  encodeWithinBudget,
  encodingAttempts,
  fitsAsIs,
  fitWithin,
  JPEG_QUALITIES,
  MAX_PHOTO_BYTES,
} from './photo-sizing.ts';

describe('fitWithin', () => {
  it('scales a 12 MP landscape photo to 2048 px on its long edge, keeping proportions', () => {
    expect(fitWithin({ width: 4032, height: 3024 })).toEqual({ width: 2048, height: 1536 });
  });

  it('scales a portrait photo by its height', () => {
    expect(fitWithin({ width: 3024, height: 4032 })).toEqual({ width: 1536, height: 2048 });
  });

  it('never enlarges a small photo', () => {
    expect(fitWithin({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
  });

  it('keeps at least one pixel on a very thin image', () => {
    expect(fitWithin({ width: 10_000, height: 2 })).toEqual({ width: 2048, height: 1 });
  });
});

describe('fitsAsIs', () => {
  const small = { width: 1600, height: 1200 };

  it('accepts a JPEG, PNG or WebP within both limits', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(fitsAsIs({ size: MAX_PHOTO_BYTES, type }, small)).toBe(true);
    }
  });

  it('re-encodes a file that is too heavy, too large or of another type', () => {
    expect(fitsAsIs({ size: MAX_PHOTO_BYTES + 1, type: 'image/jpeg' }, small)).toBe(false);
    expect(fitsAsIs({ size: 100_000, type: 'image/jpeg' }, { width: 2049, height: 100 })).toBe(false);
    expect(fitsAsIs({ size: 100_000, type: 'image/heic' }, small)).toBe(false);
  });
});

describe('encodingAttempts', () => {
  const attempts = [...encodingAttempts({ width: 4032, height: 3024 })];

  it('first steps the quality down at the fitted size', () => {
    expect(attempts.slice(0, JPEG_QUALITIES.length)).toEqual(
      JPEG_QUALITIES.map((quality) => ({ width: 2048, height: 1536, quality })),
    );
  });

  it('then shrinks the size at the lowest quality, down to a 320 px long edge', () => {
    const shrinking = attempts.slice(JPEG_QUALITIES.length);
    expect(shrinking.length).toBeGreaterThan(0);
    expect(shrinking.every((attempt) => attempt.quality === JPEG_QUALITIES.at(-1))).toBe(true);
    const edges = shrinking.map((attempt) => Math.max(attempt.width, attempt.height));
    expect(edges).toEqual([...edges].sort((a, b) => b - a));
    expect(new Set(edges).size).toBe(edges.length);
    expect(edges.at(-1)).toBe(320);
  });

  it('never exceeds 2048 px', () => {
    expect(attempts.every((attempt) => Math.max(attempt.width, attempt.height) <= 2048)).toBe(true);
  });
});

describe('encodeWithinBudget', () => {
  /** A fake encoder whose output weighs bytesPerPixel × pixels × quality (only its size is real). */
  const fakeEncoder = (bytesPerPixel: number) => {
    const calls: Encoding[] = [];
    const encode = async (encoding: Encoding) => {
      calls.push(encoding);
      return { size: Math.round(encoding.width * encoding.height * bytesPerPixel * encoding.quality) } as Blob;
    };
    return { calls, encode };
  };

  it('returns the first encoding within 600 KB, stepping the quality down', async () => {
    // 2048×1536 px at 0.85 ≈ 802 000 bytes, at 0.75 ≈ 708 000, at 0.65 ≈ 613 000 (600 KB = 614 400).
    const { calls, encode } = fakeEncoder(0.3);
    const blob = await encodeWithinBudget({ width: 4032, height: 3024 }, encode);
    expect(blob.size).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
    expect(calls.map((call) => call.quality)).toEqual([0.85, 0.75, 0.65]);
    expect(calls.every((call) => call.width === 2048 && call.height === 1536)).toBe(true);
  });

  it('shrinks the photo when even the lowest quality is too heavy', async () => {
    const { calls, encode } = fakeEncoder(1);
    const blob = await encodeWithinBudget({ width: 4032, height: 3024 }, encode);
    expect(blob.size).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
    expect(calls.at(-1)?.width).toBeLessThan(2048);
  });

  it('gives back the smallest result when nothing fits', async () => {
    const { encode } = fakeEncoder(1000);
    const blob = await encodeWithinBudget({ width: 4032, height: 3024 }, encode);
    expect(blob.size).toBe(Math.round(320 * 240 * 1000 * 0.5));
  });
});
