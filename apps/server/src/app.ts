import { randomUUID } from 'node:crypto';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { handleError } from './platform/http/errors.ts';
import { registerSpa } from './platform/http/spa.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export type AppOptions = {
  db: Database;
  logger: FastifyBaseLogger;
  webDistDir?: string | undefined;
};

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole HTTP app from feature plugins. No listening here, so tests can `inject`. */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    loggerInstance: options.logger,
    // Honour a sane incoming id (from a proxy) so logs correlate across hops; otherwise mint one.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.decorate('db', options.db);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(helmet, {
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
    strictTransportSecurity: false,
  });

  await app.register(
    async (api) => {
      api.addHook('onSend', async (_request, reply, payload) => {
        reply.header('cache-control', 'no-store');
        return payload;
      });
      await api.register(healthRoutes);
    },
    { prefix: '/api' },
  );

  await registerSpa(app, options.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
