import type { ErrorCode, FieldIssue } from '@app/contract';

/** A failure the client caused or should know about; becomes the PRODUCT.md, API conventions error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldIssue[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * A service the server depends on (e.g. the S3 file store) failed to answer in time or said it is
 * down: a 503 with Retry-After, logged as a warning; the request can simply be tried again.
 */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: string,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
