import {
  API_PREFIX,
  type BodyOf,
  type Endpoint,
  errorCodes,
  type FileResponse,
  isFileResponse,
  isMultipartUpload,
  isUuid,
  needsSeat,
  type ParamsOf,
  type QueryOf,
  type Schema,
  seatMessages,
} from '@app/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
  preValidationAsyncHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import type { z } from 'zod/mini';
import { AppError } from '../errors.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { assertMay } from './auth-context.ts';
import type { FileReply } from './file-reply.ts';
import { routeRateLimit } from './route-limit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What every declared rate limit is counted with (decorated once, in app.ts). */
    rateLimiter: RateLimiter;
    /** Whether the member holds a seat of their business now (platform/entitlements/seats.ts). */
    holdsSeat: (businessId: string, userId: string) => Promise<boolean>;
  }
  interface FastifyContextConfig {
    /** The contract declaration the route was registered from (the OpenAPI document is made from it). */
    endpoint?: Endpoint;
  }
}

/** The body each status is answered with: JSON per its schema, or a file. */
type ReplyOf<E extends Endpoint> = {
  [Status in keyof E['responses']]: E['responses'][Status] extends Schema
    ? z.input<E['responses'][Status]>
    : E['responses'][Status] extends FileResponse
      ? FileReply
      : never;
};

export type RouteGeneric<E extends Endpoint> = {
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
  Reply: ReplyOf<E>;
};

export type RouteRequest<E extends Endpoint> = FastifyRequest<RouteGeneric<E>>;
export type RouteHandler<E extends Endpoint> = RouteHandlerMethod<
  FastifyInstance['server'],
  FastifyRequest['raw'],
  FastifyReply['raw'],
  RouteGeneric<E>
>;

/**
 * Registers the route an endpoint declares, on an instance under the API prefix: its method, path,
 * zod schemas (validation and response serialisation), summary, auth mode and rate limit (counted
 * after authentication, before the handler). The handler's request and reply are typed from the
 * declaration.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: RouteHandler<E>) {
  const onRequest = [authentication(app, endpoint), permissionCheck(endpoint), seatCheck(app, endpoint)].filter(
    (hook) => hook !== undefined,
  );
  const file = fileResponseOf(endpoint);
  app.route<RouteGeneric<E>>({
    method: endpoint.method,
    url: endpoint.path.slice(API_PREFIX.length),
    schema: fastifySchema(endpoint),
    config: { endpoint },
    ...(onRequest.length > 0 && { onRequest }),
    ...(recordIdCheck(endpoint) && { preValidation: recordIdCheck(endpoint) }),
    ...(endpoint.rateLimit && { preHandler: routeRateLimit(app.rateLimiter, endpoint.rateLimit) }),
    handler: file ? fileHandler(file, handler) : handler,
  });
}

/**
 * For an endpoint whose path names a record (`notFound` declared): an `id` that is not a UUID names
 * nothing, so it is answered 404 with the record's message before validation and the handler.
 */
function recordIdCheck(endpoint: Endpoint): preValidationAsyncHookHandler | undefined {
  const { notFound } = endpoint;
  if (!notFound || !endpoint.params || !('id' in endpoint.params.shape)) return undefined;
  return async (request) => {
    const { id } = request.params as { id?: string };
    if (!isUuid(id ?? '')) throw new AppError(404, errorCodes.notFound, notFound);
  };
}

const fileResponseOf = (endpoint: Endpoint) => {
  const success = endpoint.responses[200];
  return success && isFileResponse(success) ? success : undefined;
};

/**
 * Answers a file endpoint's FileReply with its bytes and the one set of headers: its type, how it
 * opens (the contract's disposition) under a safe name, and private caching. Documents are never
 * kept by a shared cache, and a browser asks again before reusing its copy (a version's verdict or
 * register may have changed).
 */
function fileHandler<E extends Endpoint>(response: FileResponse, handler: RouteHandler<E>): RouteHandler<E> {
  async function answerFile(this: FastifyInstance, request: RouteRequest<E>, reply: FastifyReply<RouteGeneric<E>>) {
    const file = (await handler.call(this, request, reply)) as FileReply;
    reply.headers({
      'content-type': file.contentType ?? response.contentType,
      'cache-control':
        file.privateMaxAgeSeconds === undefined ? 'private, no-store' : `private, max-age=${file.privateMaxAgeSeconds}`,
      ...(file.filename && {
        'content-disposition': `${response.disposition ?? 'attachment'}; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      }),
    });
    return file.bytes;
  }
  // Fastify sees the bytes; the handler's declared answer is the FileReply they were taken from.
  return answerFile as unknown as RouteHandler<E>;
}

/**
 * Authentication runs on request, before the body is parsed: a visitor gets 401 (and, on an admin
 * route, anyone else who is not an admin 403), never a validation error. An optional route looks at a token only when one is sent; a refused one makes
 * the caller a visitor, and `callerOf` answers with that refusal where a caller is needed.
 */
function authentication(app: FastifyInstance, endpoint: Endpoint): onRequestAsyncHookHandler | undefined {
  if (endpoint.auth === 'required') return app.requireAuth;
  if (endpoint.auth === 'optional') return app.optionalAuth;
  if (endpoint.auth === 'admin') return app.requireAdmin;
  return undefined;
}

/**
 * The role check, right after authentication (ADR 0081): a member whose role lacks the endpoint's
 * permission is refused 403 before the body is read, the record looked up or the limit counted, so
 * the answer says nothing of the record. A visitor on an optional route is left to the handler.
 */
function permissionCheck(endpoint: Endpoint): onRequestHookHandler | undefined {
  const { permission } = endpoint;
  if (!permission) return undefined;
  // The callback form: no promise per request for a check that never waits (ADR 0102).
  return (request, _reply, done) => {
    if (request.caller) assertMay(request.caller, permission);
    done();
  };
}

/**
 * The seat check, after the role check (ADR 0077, "Plans per business"): a member past the business's
 * seats reads but is refused every write, 403 `seat_required`. Their own account (`account.own`:
 * name, password, leaving) stays theirs. The owner always holds a seat, so a solo business and the
 * owner's writes pay no query; another member's write pays one read of their place.
 */
function seatCheck(app: FastifyInstance, endpoint: Endpoint): onRequestAsyncHookHandler | undefined {
  if (!needsSeat(endpoint)) return undefined;
  return async (request) => {
    const { caller } = request;
    if (!caller || caller.role === 'owner') return;
    if (!(await app.holdsSeat(caller.businessId, caller.userId))) {
      throw new AppError(403, errorCodes.seatRequired, seatMessages.seatRequired);
    }
  };
}

function fastifySchema(endpoint: Endpoint): FastifySchema {
  const response: Record<number, Schema> = {};
  for (const [status, body] of Object.entries(endpoint.responses)) {
    // A file is sent as it is; only JSON answers go through the serialiser.
    if (!isFileResponse(body)) response[Number(status)] = body;
  }
  return {
    ...(endpoint.params && { params: endpoint.params }),
    ...(endpoint.query && { querystring: endpoint.query }),
    // A multipart body is read by the handler (readSingleUpload), not validated as JSON.
    ...(endpoint.body && !isMultipartUpload(endpoint.body) && { body: endpoint.body }),
    response,
  };
}
