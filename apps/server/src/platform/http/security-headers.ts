import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Sets helmet's security headers (CSP, frame and referrer policies, …) on every answer. They depend
 * on the options alone (no nonce, nothing read from the request), so helmet runs once, at start, on a
 * response that only records them, and each request gets the recorded set with no helmet middleware
 * run per request (ADR 0014, ADR 0091).
 */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    // helmet removes X-Powered-By, which Node's server never sets.
    removeHeader: () => {},
  };
  let failure: unknown;
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
    finished = true;
  });
  // helmet sets its headers synchronously; a set it could not make is a start-up error.
  if (!finished || failure) throw new Error('helmet could not make the security headers', { cause: failure });
  return headers;
}
