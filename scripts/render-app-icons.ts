/**
 * Renders the installed app's icons (the web manifest's) from the favicon's mark: a plain one at
 * 192 and 512 px, and a maskable one whose tick sits inside the safe zone a phone may crop to a
 * circle. The output is committed (apps/web/public/icons); run `npm run render:app-icons` again after
 * changing the mark.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const output = path.join(root, 'apps/web/public/icons');

const tick = 'M9 16.5l4.5 4.5L23 11';
/** The favicon's mark on a 32-unit square: `corner` rounds the square, `scale` shrinks the tick (maskable). */
const mark = (corner: number, scale: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${corner}" fill="#0f766e"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)"><path d="${tick}" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: mark(6, 1) },
  { file: 'icon-512.png', size: 512, svg: mark(6, 1) },
  // Full-bleed, the tick within the central 80% circle (the maskable safe zone).
  { file: 'icon-maskable-512.png', size: 512, svg: mark(0, 0.7) },
];

await mkdir(output, { recursive: true });
for (const icon of icons) {
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(output, icon.file));
  console.log(`wrote ${path.join('apps/web/public/icons', icon.file)}`);
}
