import { authErrorCodes } from '@app/contract';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../http/errors.ts';
import { requestMetadataOf } from '../http/request-metadata.ts';
import type { RateLimiter, RateLimitRule } from './rate-limiter.ts';

/** Who a limit counts against: the signed-in user wherever they are, otherwise the client IP. */
export const callerOrIp = (request: FastifyRequest) =>
  request.caller ? `user:${request.caller.userId}` : `ip:${requestMetadataOf(request).ip}`;

/**
 * A preHandler that answers 429 (with Retry-After) once `subjectOf(request)` has used up `rule`.
 * It runs after authentication and before the handler reads an upload or renders anything, so a
 * refused request costs one counter update.
 */
export function routeRateLimit(
  limiter: RateLimiter,
  rule: RateLimitRule,
  subjectOf: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler {
  return async (request) => {
    const result = await limiter.hit(rule, subjectOf(request));
    if (result.allowed) return;
    throw new AppError(
      429,
      authErrorCodes.requestRateLimit,
      `Too many requests: please wait ${result.retryAfterSeconds} seconds and try again.`,
      undefined,
      { 'retry-after': String(result.retryAfterSeconds) },
    );
  };
}
