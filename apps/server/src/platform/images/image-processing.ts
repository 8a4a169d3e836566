import sharp, { type Metadata } from 'sharp';
import { AppError } from '../errors.ts';

export type ImagePurpose = 'logo' | 'signature' | 'photo' | 'signer_signature';

export type ProcessedImage = {
  data: Buffer;
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  thumbnail: Buffer;
  /** The copy embedded in PDFs. */
  print: Buffer;
  printType: 'image/jpeg' | 'image/png';
};

const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp'] as const;
/** Decompression-bomb guard: a small file can still declare enormous dimensions. */
const MAX_IMAGE_MEGAPIXELS = 50;
/** The box each purpose's stored copy fits inside (width, height). */
const BOX = {
  photo: [2048, 2048],
  logo: [1200, 1200],
  signature: [1200, 1200],
  // A signature drawn by anyone holding a link or QR code: bounded small whatever was sent (ADR 0022).
  signer_signature: [600, 200],
} as const;
/**
 * A signer's signature is ink on a plain ground: four palette colours keep it legible, and bound
 * its PNG to about 30 KB even for noise (a real one is a few KB), so neither storage nor the
 * register PDF grows with what an anonymous signer uploads.
 */
const SIGNER_SIGNATURE_PNG = { palette: true, colours: 4, compressionLevel: 9 } as const;
const THUMBNAIL_EDGE = 400;
// Half an A4 page wide at about 300 dpi: sharp in print, small enough to email six of them.
const PRINT_EDGE = 1200;

const unsupported = () =>
  new AppError(
    415,
    'unsupported_media_type',
    'Only JPEG, PNG or WebP images can be uploaded. Choose a photo or an image file and try again.',
  );

const tooManyPixels = () =>
  new AppError(
    422,
    'unprocessable',
    `This image is too large (over ${MAX_IMAGE_MEGAPIXELS} megapixels). Resize it and try again.`,
  );

/**
 * Checks an upload by its content (never its name), applies EXIF orientation, downsizes, and makes
 * a thumbnail. Every image is stored without its metadata: a photo's GPS would tell anyone holding
 * a share link where the user was, and where a photo was taken is recorded only when they allow it
 * (ADR 0039, on the certificate, not in the file). Logos and signatures are kept as PNG so
 * transparency survives.
 *
 * The upload is decoded once: its header is read first (a few bytes, so a small file declaring
 * enormous dimensions is refused before any decoding), and the thumbnail and print copy are made
 * from the normalised copy (at most 2048 px), never from the original again.
 */
export async function processImage(input: Buffer, purpose: ImagePurpose): Promise<ProcessedImage> {
  const options = { failOn: 'truncated', limitInputPixels: MAX_IMAGE_MEGAPIXELS * 1_000_000 } as const;
  let header: Metadata;
  try {
    // Reads only the header: the format comes from the bytes, whatever the file is called.
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  if (!ACCEPTED_IMAGE_FORMATS.includes(header.format as (typeof ACCEPTED_IMAGE_FORMATS)[number])) throw unsupported();
  if ((header.width ?? 0) * (header.height ?? 0) > options.limitInputPixels) throw tooManyPixels();

  try {
    const [width, height] = BOX[purpose];
    const oriented = sharp(input, options).rotate().resize({ width, height, fit: 'inside', withoutEnlargement: true });
    const { data, info } =
      purpose === 'photo'
        ? await oriented.jpeg({ quality: 82, mozjpeg: true }).toBuffer({ resolveWithObject: true })
        : await oriented
            .png(purpose === 'signer_signature' ? SIGNER_SIGNATURE_PNG : { compressionLevel: 9 })
            .toBuffer({ resolveWithObject: true });
    // The normalised copy is already upright (and has no orientation tag), so no rotate() here.
    const derived = (edge: number) =>
      sharp(data, options).resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true });
    const thumbnail = await derived(THUMBNAIL_EDGE).webp({ quality: 75 }).toBuffer();
    // The PDF copy is a JPEG, which pdfkit embeds as is; a PNG with transparency would be decoded
    // and recompressed on every render. Logos and signatures are flattened on the page's white.
    const print =
      purpose === 'photo'
        ? await derived(PRINT_EDGE).jpeg({ quality: 72, mozjpeg: true }).toBuffer()
        : purpose === 'signer_signature'
          ? await derived(PRINT_EDGE).flatten({ background: '#ffffff' }).png(SIGNER_SIGNATURE_PNG).toBuffer()
          : await derived(PRINT_EDGE).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
    return {
      data,
      contentType: purpose === 'photo' ? 'image/jpeg' : 'image/png',
      width: info.width,
      height: info.height,
      thumbnail,
      print,
      printType: purpose === 'signer_signature' ? 'image/png' : 'image/jpeg',
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw tooManyPixels();
    throw new AppError(
      422,
      'unprocessable',
      'This image is damaged or incomplete and cannot be read. Export or take it again, then upload the new file.',
    );
  }
}
