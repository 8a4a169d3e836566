import { type RateLimitName, rateLimits } from '@app/contract';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { limitSubject, type RateLimiter } from '../rate-limit/rate-limiter.ts';
import { requestMetadataOf } from './request-metadata.ts';

/** Who a route's limit counts against: the signed-in user wherever they are, otherwise the client IP. */
const callerOrIp = (request: FastifyRequest) =>
  request.caller ? limitSubject.user(request.caller.userId) : limitSubject.ip(requestMetadataOf(request).ip);

/**
 * The preHandler of an endpoint that declares `rateLimit`: the 429 (with Retry-After) once the
 * caller has used up the rule. It runs after authentication and before the handler reads an upload
 * or renders anything, so a refused request costs one counter update.
 */
export function routeRateLimit(limiter: RateLimiter, name: RateLimitName): preHandlerAsyncHookHandler {
  const rule = rateLimits[name];
  return async (request) => {
    await limiter.enforce(rule, callerOrIp(request));
  };
}
