import { inkBounds } from './ink-bounds.ts';

/** Space kept around the ink when a signature is cropped, in canvas pixels. */
const CROP_MARGIN = 8;

/**
 * A signature's canvas as a PNG cut down to the ink plus a small margin; null if the canvas cannot
 * be read or holds no ink. Drawn, typed and uploaded signatures all leave the phone this way.
 */
export async function croppedToInk(canvas: HTMLCanvasElement): Promise<Blob | null> {
  const context = canvas.getContext('2d');
  if (!context) return null;
  const bounds = inkBounds(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
  if (!bounds) return null;
  const cropped = document.createElement('canvas');
  cropped.width = bounds.width + CROP_MARGIN * 2;
  cropped.height = bounds.height + CROP_MARGIN * 2;
  cropped
    .getContext('2d')
    ?.drawImage(
      canvas,
      bounds.x,
      bounds.y,
      bounds.width,
      bounds.height,
      CROP_MARGIN,
      CROP_MARGIN,
      bounds.width,
      bounds.height,
    );
  return new Promise((resolve) => cropped.toBlob(resolve, 'image/png'));
}
