import { errorCodes, MAX_SIGNATURE_PNG_BYTES } from '@app/contract';
import { hmacToken } from '../../platform/crypto/tokens.ts';
import { AppError } from '../../platform/errors.ts';

/** The eight bytes every PNG file starts with. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The links' tokens are derived from the row id with a server key (256 bits, base64url): the
 * database keeps only their SHA-256, and a mail job can rebuild the same link for a reminder
 * without any copy of the token being stored.
 */
export const requestToken = (secret: string, id: string) => hmacToken(secret, `signature-request:${id}`);
export const siteToken = (secret: string, id: string) => hmacToken(secret, `site-sign-on:${id}`);

/** The drawn signature: a PNG by its content, within the size bound. */
export function signaturePng(base64: string): Buffer {
  const png = Buffer.from(base64, 'base64');
  if (png.length > MAX_SIGNATURE_PNG_BYTES) {
    throw new AppError(413, errorCodes.payloadTooLarge, 'The signature image is too large. Clear it and sign again.');
  }
  if (png.length < PNG_SIGNATURE.length || !png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    throw new AppError(415, errorCodes.unsupportedMediaType, 'The signature must be a PNG image. Sign again.');
  }
  return png;
}
