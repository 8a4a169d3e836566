import { type Encoding, encodeWithinBudget, fitsAsIs } from './photo-sizing.ts';

/**
 * Makes a phone photo small enough to upload quickly on a job site (≤ 2048 px, ≤ 600 KB) with the
 * browser's own decoder and a canvas: no image library in the bundle.
 *
 * A file the browser cannot decode (e.g. HEIC on most browsers) is sent as it is; the server
 * decides whether it can read it and says so if not.
 */
export async function shrinkPhoto(file: File): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    // 'from-image' applies the EXIF rotation, so portrait phone photos stay upright.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    if (fitsAsIs(file, bitmap)) return file;
    return await encodeWithinBudget(bitmap, (encoding) => encodeJpeg(bitmap, encoding));
  } finally {
    bitmap.close();
  }
}

function encodeJpeg(bitmap: ImageBitmap, { width, height, quality }: Encoding): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot resize photos.'));
  // JPEG has no transparency: give see-through PNGs a white background instead of black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be resized.'))),
      'image/jpeg',
      quality,
    );
  });
}
