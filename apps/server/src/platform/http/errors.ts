import { type ErrorCode, type ErrorResponse, errorCodes, type FieldIssue } from '@app/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, DependencyUnavailableError } from '../errors.ts';
/** The error shape, with the id of the request it answers (`request.id`, also its x-request-id header). */
export function errorBody(
  request: Pick<FastifyRequest, 'id'>,
  code: ErrorCode,
  message: string,
  details?: FieldIssue[],
): ErrorResponse {
  const requestId = String(request.id);
  return {
    error: details ? { code, message, details, request_id: requestId } : { code, message, request_id: requestId },
  };
}

// Fastify's own client errors (bad JSON, wrong content type, body too big) mapped to our codes.
const codeForStatus: Record<number, ErrorCode> = {
  400: errorCodes.validationFailed,
  401: errorCodes.unauthorized,
  403: errorCodes.forbidden,
  404: errorCodes.notFound,
  405: errorCodes.methodNotAllowed,
  409: errorCodes.conflict,
  413: errorCodes.payloadTooLarge,
  415: errorCodes.unsupportedMediaType,
  422: errorCodes.unprocessable,
  429: errorCodes.rateLimited,
  503: errorCodes.serviceUnavailable,
};

const friendlyMessageForStatus: Record<number, string> = {
  400: 'The request could not be read. Check the data you sent and try again.',
  413: 'The upload is too large. Choose a smaller file and try again.',
  415: 'This type of content is not supported. Send JSON or an image file.',
};

const BUSY_MESSAGE = 'The service is busy right now. Please try again in a few seconds.';

/**
 * pg's pool gave up waiting for a free connection (POOL_CHECKOUT_TIMEOUT_MS): overload, not a bug.
 * Drizzle wraps it (DrizzleQueryError, the pool's error as its cause).
 */
const isDatabaseBusy = (error: Error, depth = 0): boolean =>
  /timeout exceeded when trying to connect/i.test(error.message) ||
  (depth < 3 && error.cause instanceof Error && isDatabaseBusy(error.cause, depth + 1));

const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

// A full disk or an exhausted quota is the server's problem, not the user's: say so, and that
// trying later can work. Logged as an error, because someone has to free space. 53100 is
// PostgreSQL's disk_full (its data dir is usually on the same disk as the files). The S3 driver
// reports a full bucket or quota as EDQUOT (platform/storage/s3-storage.ts).
const OUT_OF_STORAGE_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);
const isOutOfStorage = (error: Error) => OUT_OF_STORAGE_CODES.has((error as NodeJS.ErrnoException).code ?? '');

export function handleError(error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (isOutOfStorage(error)) {
    request.log.error({ err: error }, 'out of storage space');
    return reply
      .status(507)
      .send(errorBody(request, 'insufficient_storage', 'The server is out of storage space. Please try again later.'));
  }
  if (error instanceof AppError) {
    return reply
      .headers(error.headers)
      .status(error.statusCode)
      .send(errorBody(request, error.code, error.message, error.details));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // Paths name the field as the client sent it (`company_abn`, `common_materials.2`).
    const details = error.validation.map((issue) => ({
      path: issue.instancePath.split('/').filter(Boolean).join('.') || (error.validationContext ?? ''),
      message: issue.message ?? 'Invalid value',
    }));
    const message = details[0]?.message ?? 'Please check what you entered and try again.';
    return reply.status(400).send(errorBody(request, 'validation_failed', message, details));
  }
  if (error instanceof DependencyUnavailableError) {
    request.log.warn({ err: error, dependency: error.dependency }, 'a dependency is unavailable');
    return reply
      .status(503)
      .header('retry-after', '5')
      .send(errorBody(request, 'service_unavailable', BUSY_MESSAGE));
  }
  if (isDatabaseBusy(error)) {
    request.log.warn({ err: error }, 'no database connection free in time');
    return reply
      .status(503)
      .header('retry-after', '5')
      .send(errorBody(request, 'service_unavailable', BUSY_MESSAGE));
  }
  const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    const code = codeForStatus[status] ?? 'validation_failed';
    const message = friendlyMessageForStatus[status] ?? error.message;
    return reply.status(status).send(errorBody(request, code, message));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorBody(request, 'internal_error', INTERNAL_ERROR_MESSAGE));
}

/** Fastify answers a malformed or overlong URL before any route runs; it gets our shape too. */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.log.info({ err: error }, 'client error');
  // Answered before the onRequest hooks that set it on every other answer.
  return reply
    .status(400)
    .header('x-request-id', request.id)
    .send(errorBody(request, 'validation_failed', 'This address is not valid. Check the link and try again.'));
}
