import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

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
    const announced = Number(request.headers['content-length']);
    const bytes = await bytesOf(file, Number.isSafeInteger(announced) ? Math.min(announced, rules.maxBytes) : 0);
    if (file.file.truncated) throw new AppError(413, 'payload_too_large', rules.tooLarge);
    return bytes;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'payload_too_large', rules.tooLarge);
    }
    // The parser throws plain errors for a body it cannot read (e.g. no boundary): the sender's fault.
    if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new AppError(400, 'validation_failed', rules.unreadable);
  }
}

/**
 * The file's bytes, each chunk copied as it arrives into one buffer sized from Content-Length: no
 * copy of a whole 35 MB upload at its end holds the event loop (ADR 0062). The buffer is the
 * upload's own (never a slice of Node's shared pool), so it can move to a PDF worker.
 */
async function bytesOf(file: MultipartFile, expected: number): Promise<Buffer> {
  let bytes = Buffer.allocUnsafeSlow(Math.max(expected, MIN_UPLOAD_BUFFER));
  let length = 0;
  for await (const chunk of file.file as AsyncIterable<Buffer>) {
    if (length + chunk.length > bytes.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(bytes.length * 2, length + chunk.length));
      bytes.copy(grown, 0, 0, length);
      bytes = grown;
    }
    chunk.copy(bytes, length);
    length += chunk.length;
  }
  return bytes.subarray(0, length);
}

/** The first buffer of an upload that announces no length. */
const MIN_UPLOAD_BUFFER = 64 * 1024;
