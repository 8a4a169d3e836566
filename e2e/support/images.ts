import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';

/** A real PNG (a coloured block with a transparent margin), as a logo file would be. */
export function logoPng(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 160, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 1 } } })
    .extend({ top: 20, bottom: 20, left: 20, right: 20, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

/** Waits until `image` has loaded a real picture (not a broken link). */
export async function expectImageLoaded(image: Locator): Promise<void> {
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

/** Signs in a drawing area with a few mouse strokes, as a person would with a finger. */
export async function drawSignature(page: Page, canvas: Locator): Promise<void> {
  // Mid-screen: at the bottom, a member's tab bar (fixed, below `lg`) would take the strokes.
  await canvas.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the drawing area is not on screen');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  const strokes: Array<Array<readonly [number, number]>> = [
    [at(0.1, 0.6), at(0.2, 0.3), at(0.3, 0.7), at(0.4, 0.35), at(0.5, 0.65)],
    [at(0.55, 0.5), at(0.7, 0.4), at(0.85, 0.6), at(0.9, 0.45)],
  ];
  for (const stroke of strokes) {
    const [start, ...rest] = stroke;
    if (!start) continue;
    await page.mouse.move(...start);
    await page.mouse.down();
    for (const point of rest) await page.mouse.move(...point, { steps: 6 });
    await page.mouse.up();
  }
}
