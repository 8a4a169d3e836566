import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './errors.ts';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * ADR 0054: the API grants no cross-origin access (its pages are same-origin, API tokens are for
 * server-to-server use), so a CORS preflight gets this and no Access-Control-* header.
 */
const CROSS_ORIGIN_REFUSED_MESSAGE =
  'Cross-origin requests are not accepted: call the API from your own server, with an API token.';

/** The methods the API has at `pathname` (a concrete path, e.g. /api/certificates/123). */
function methodsAt(app: FastifyInstance, pathname: string): string[] {
  return METHODS.filter((method) => app.findRoute({ method, url: pathname }) !== null);
}

/**
 * For an /api request that matched no route: when the path exists under other methods, the 405
 * (with `Allow`) in the error shape; a preflight (OPTIONS) of such a path is refused the same way,
 * with its own words. Answers undefined when the path is unknown, for the caller's 404.
 */
export function answerWrongMethod(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
) {
  const allowed = methodsAt(app, pathname);
  if (allowed.length === 0) return undefined;
  const message =
    request.method === 'OPTIONS'
      ? CROSS_ORIGIN_REFUSED_MESSAGE
      : `${request.method} is not allowed on ${pathname}; it takes ${allowed.join(', ')}.`;
  return reply
    .status(405)
    .header('allow', allowed.join(', '))
    .send(errorBody(request, 'method_not_allowed', message));
}
