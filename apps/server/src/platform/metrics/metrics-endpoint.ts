import { errorCodes } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sameToken } from '../crypto/tokens.ts';
import { AppError } from '../errors.ts';
import type { AppMetrics } from './metrics.ts';

export const METRICS_PATH = '/metrics';

/** A proxy in front of the app says so in one of these; its own socket is then often on loopback. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

const isLoopback = (address: string | undefined) =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address));

/**
 * Whether a caller may read /metrics (ADR 0046). With METRICS_TOKEN: only with `Authorization:
 * Bearer <token>`. Without: only a caller on this machine, judged by the socket (never by
 * X-Forwarded-For, which the caller writes), and not a request a proxy here forwarded from outside.
 */
function checkAccess(request: FastifyRequest, token: string | undefined) {
  if (token !== undefined) {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() === 'bearer' && given && sameToken(given, token)) return;
    throw new AppError(
      401,
      errorCodes.unauthorized,
      'Send the metrics token as Authorization: Bearer <token>.',
      undefined,
      {
        'www-authenticate': 'Bearer realm="metrics"',
      },
    );
  }
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  if (!isLoopback(request.socket.remoteAddress) || forwarded) {
    throw new AppError(
      403,
      errorCodes.forbidden,
      'Metrics are served only to this machine. Set METRICS_TOKEN to scrape them from elsewhere.',
    );
  }
}

/** GET /metrics in the Prometheus text format, outside /api (it is for operators, not the app's clients). */
export function registerMetricsEndpoint(
  app: FastifyInstance,
  metrics: AppMetrics,
  options: { token: string | undefined },
) {
  app.get(METRICS_PATH, async (request, reply) => {
    checkAccess(request, options.token);
    const text = await metrics.scrape();
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
