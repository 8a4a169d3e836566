import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyPluginAsync, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { type BackPressureSettings, registerBackPressure } from './back-pressure.ts';
import { handleError, handleFrameworkError } from './errors.ts';
import { registerBoundedJsonParser } from './json-body.ts';
import { rejectNulCharacters } from './nul-characters.ts';
import { registerOpenApi } from './openapi.ts';
import { responseSerializerCompiler } from './response-serializer.ts';
import { addSecurityHeaders } from './security-headers.ts';
import {
  connectionsCheckingIntervalMs,
  guardAgainstSlowClients,
  headersTimeoutMs,
  type SlowClientSettings,
} from './slow-clients.ts';
import { MAX_UPLOAD_BYTES } from './upload.ts';

/**
 * Which proxies may set the client IP through X-Forwarded-For (it feeds every per-IP rate limit):
 * none (`false`), the one nearest hop (`true`), the nearest N hops (`2`), or only the listed proxy
 * addresses or CIDR ranges (`10.0.0.1,10.1.0.0/16`). Never "every hop": then a client could choose
 * its own IP by sending the header.
 */
export type TrustProxy = false | number | string[];

export type HttpServerOptions = {
  logger: FastifyBaseLogger;
  trustProxy: TrustProxy;
  slowClients: SlowClientSettings;
  backPressure: BackPressureSettings;
  /** The database pool whose queue back-pressure watches. */
  pool: pg.Pool;
  /** Paths never shed under load (ADR 0046): how an operator and a load balancer see the overload. */
  neverShed: readonly string[];
  /** Served over HTTPS: browsers are told to keep to it (HSTS). */
  https: boolean;
  /** Encode every answer with its zod schema before writing it (ADR 0014). */
  checkResponsesAgainstContract: boolean;
  /** Called once per answered request, with the route's pattern (never a raw path). */
  observeRequest: (method: string, route: string, status: number, seconds: number) => void;
};

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** The largest request body read (JSON); uploads have their own limits. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

function trustedHops(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * The HTTP server with everything a request meets before any feature's route: body and time
 * limits, slow clients, back-pressure, NUL characters, security headers, request ids and logs, the
 * one error shape, and the OpenAPI description. Nothing here knows a feature.
 */
export async function createHttpServer(options: HttpServerOptions) {
  const app = Fastify({
    loggerInstance: options.logger,
    // Honour a sane incoming id (from a proxy) so logs correlate across hops; otherwise mint one.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    // Only the configured proxies may set the client IP through X-Forwarded-For (it feeds the rate
    // limits). A hop count trusts that many addresses from our end of the chain, never the client's.
    trustProxy: trustedHops(options.trustProxy),
    bodyLimit: MAX_REQUEST_BODY_BYTES,
    requestTimeout: options.slowClients.requestTimeoutMs,
    http: { connectionsCheckingInterval: connectionsCheckingIntervalMs(options.slowClients) },
    frameworkErrors: handleFrameworkError,
    // One line per request, written below: Fastify's two lines would log the query string, where
    // emailed links carry their codes (/auth/callback?code=…).
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(options.checkResponsesAgainstContract));
  app.setErrorHandler(handleError);
  registerBoundedJsonParser(app);

  // Every request runs the hooks below, so they take Fastify's callback form: no promise and no
  // microtask per hook and request (ADR 0102).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const pattern = request.routeOptions.url;
    request.log.info(
      {
        method: request.method,
        // The route's pattern (/api/certificates/:id) where there is one; else the path, never the query.
        route: pattern ?? request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
    // Metrics take the pattern only: a raw path would make a label value per record.
    options.observeRequest(request.method, pattern ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  // Before any route, so its check runs first on every request.
  registerBackPressure(app, options.pool, options.backPressure, options.neverShed);
  app.addHook('preValidation', rejectNulCharacters);
  app.server.headersTimeout = headersTimeoutMs(options.slowClients);
  guardAgainstSlowClients(app, options.slowClients);

  addSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Certificates are opened from QR codes and links in other sites' emails.
    crossOriginEmbedderPolicy: false,
    // HSTS only where the app is served over HTTPS; on plain http://localhost it would be wrong.
    strictTransportSecurity: options.https ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
  });

  await registerOpenApi(app);
  return app;
}

export type HttpServer = Awaited<ReturnType<typeof createHttpServer>>;

/** Mounts the routes under /api: never cached unless a route says so, one upload at a time. */
export async function registerApi(app: HttpServer, routes: readonly FastifyPluginAsync[]): Promise<void> {
  await app.register(
    async (api) => {
      api.addHook('onSend', (_request, reply, payload, done) => {
        // API answers are per-user: never cached, unless a route says otherwise (e.g. files).
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        done(null, payload);
      });
      await api.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
      for (const plugin of routes) await api.register(plugin);
    },
    { prefix: '/api' },
  );
}
