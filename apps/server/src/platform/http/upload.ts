import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const MAX_UPLOAD_MEGABYTES = 15;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MEGABYTES * 1024 * 1024;

const imageUpload = {
  maxBytes: MAX_UPLOAD_BYTES,
  notMultipart: 'Send the image as a file upload (multipart/form-data).',
  noFile: 'Choose an image file to upload.',
  tooLarge: `This file is larger than ${MAX_UPLOAD_MEGABYTES} MB. Choose a smaller image, or take the photo at a lower resolution.`,
  unreadable: 'The upload could not be read. Choose the image again and retry.',
};

/** What one kind of upload accepts, and its words for each refusal. */
export type UploadRules = typeof imageUpload;

/** Reads the one file of a multipart upload, with the size limit named in the error (an image unless told). */
export async function readSingleUpload(request: FastifyRequest, rules: UploadRules = imageUpload): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, 'unsupported_media_type', rules.notMultipart);
  try {
    const file = await request.file({ limits: { fileSize: rules.maxBytes, files: 1, fields: 10 } });
    if (!file) throw new AppError(400, 'validation_failed', rules.noFile);
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'payload_too_large', rules.tooLarge);
    }
    // The parser throws plain errors for a body it cannot read (e.g. no boundary): the sender's fault.
    if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new AppError(400, 'validation_failed', rules.unreadable);
  }
}
