import { createHash } from 'node:crypto';
import type { Doc } from './document.ts';

/** An image pdfkit has read and embeds once, however many times it is drawn. */
type OpenedImage = { readonly width: number; readonly height: number };

/** Each document's images, by the SHA-256 of their bytes. */
const openedImages = new WeakMap<Doc, Map<string, OpenedImage>>();

/**
 * Draws an image (PNG or JPEG bytes) as `doc.image` does, but stores each distinct image once per
 * file: the logo on every page, or a signature on the register and again in the signature
 * certificate, is one image object drawn again. pdfkit reuses only images it opened from a path;
 * given bytes, it would embed them anew on every call. Keyed by content, so the same
 * picture arriving as two buffers is still one.
 */
export function drawImage(doc: Doc, bytes: Buffer, x: number, y: number, options: PDFKit.Mixins.ImageOption): void {
  let images = openedImages.get(doc);
  if (!images) {
    images = new Map();
    openedImages.set(doc, images);
  }
  const key = createHash('sha256').update(bytes).digest('hex');
  let image = images.get(key);
  if (!image) {
    // pdfkit's own: what `image` opens, which `image` also takes in place of bytes (its types omit both).
    image = (doc as unknown as { openImage(source: Buffer): OpenedImage }).openImage(bytes);
    images.set(key, image);
  }
  doc.image(image as unknown as Buffer, x, y, options);
}
