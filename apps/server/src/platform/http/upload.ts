import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

const MAX_UPLOAD_MEGABYTES = 15;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MEGABYTES * 1024 * 1024;

/** Reads the one file of a multipart upload, with the size limit named in the error. */
export async function readSingleUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', 'Send the image as a file upload (multipart/form-data).');
  }
  try {
    const file = await request.file();
    if (!file) throw new AppError(400, 'validation_failed', 'Choose an image file to upload.');
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        413,
        'payload_too_large',
        `This file is larger than ${MAX_UPLOAD_MEGABYTES} MB. Choose a smaller image, or take the photo at a lower resolution.`,
      );
    }
    // The parser throws plain errors for a body it cannot read (e.g. no boundary): the sender's fault.
    if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new AppError(400, 'validation_failed', 'The upload could not be read. Choose the image again and retry.');
  }
}
