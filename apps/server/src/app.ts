import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { authRepo } from './features/auth/auth.repo.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { AuthService } from './features/auth/auth.service.ts';
import { AccessTokens, randomToken } from './features/auth/tokens.ts';
import { bundlesRoutes } from './features/bundles/bundles.routes.ts';
import { CertificatePdfService } from './features/certificates/certificate-pdf.service.ts';
import { certificatesRoutes } from './features/certificates/certificates.routes.ts';
import { CertificatesService } from './features/certificates/certificates.service.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { ProfileService } from './features/profile/profile.service.ts';
import './platform/http/auth-context.ts';
import { handleError, handleFrameworkError } from './platform/http/errors.ts';
import { rejectNulCharacters } from './platform/http/nul-characters.ts';
import { registerSpa } from './platform/http/spa.ts';
import { MAX_UPLOAD_BYTES } from './platform/http/upload.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import { RateLimiter } from './platform/rate-limit/rate-limiter.ts';
import type { FileStorage } from './platform/storage/file-storage.ts';
import { StoredFiles } from './platform/storage/stored-files.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export type AppSettings = Pick<
  Config,
  'webDistDir' | 'publicUrl' | 'signupDisabled' | 'jwtSecret' | 'accessTokenTtlSeconds' | 'trustProxy'
>;

export type AppOptions = {
  db: Database;
  logger: FastifyBaseLogger;
  mailer: Mailer;
  fileStorage: FileStorage;
  settings: AppSettings;
  /** The current time; tests move it across month boundaries. */
  clock?: () => Date;
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
    // Only behind a proxy may X-Forwarded-For decide the client IP (it feeds the rate limits).
    trustProxy: options.settings.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: handleFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.decorate('db', options.db);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('preValidation', rejectNulCharacters);

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
    // HSTS only where the app is served over HTTPS; on plain http://localhost it would be wrong.
    strictTransportSecurity: options.settings.publicUrl?.startsWith('https://')
      ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false }
      : false,
  });

  const { db, settings } = options;
  // Links in emails and QR codes never come from the Host header, which a caller controls.
  const publicOrigin = () =>
    settings.publicUrl ?? `http://localhost:${(app.server.address() as AddressInfo | null)?.port ?? 3000}`;
  const loadJwtSecret = async () =>
    settings.jwtSecret ?? (await authRepo.getOrCreateSecret(db, 'jwt', () => randomToken(48)));
  const storedFiles = new StoredFiles(db, options.fileStorage, () =>
    authRepo.getOrCreateSecret(db, 'file-urls', () => randomToken(48)),
  );
  const rateLimiter = new RateLimiter(db);
  const authService = new AuthService({
    db,
    mailer: options.mailer,
    rateLimiter,
    accessTokens: new AccessTokens(loadJwtSecret, settings.accessTokenTtlSeconds),
    signupDisabled: settings.signupDisabled,
    linkBase: publicOrigin,
  });
  const certificatePdfs = new CertificatePdfService(
    db,
    storedFiles,
    options.fileStorage,
    (certificateId) => `${publicOrigin()}/certificates/${certificateId}`,
    options.logger,
  );

  await app.register(
    async (api) => {
      api.addHook('onSend', async (_request, reply, payload) => {
        // API answers are per-user: never cached, unless a route says otherwise (e.g. files).
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        return payload;
      });
      await api.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
      api.decorateRequest('caller', undefined);
      api.decorate('requireAuth', async (request) => {
        request.caller = await authService.authenticate(request.headers.authorization);
      });
      await api.register(healthRoutes);
      await api.register(authRoutes(authService));
      await api.register(profileRoutes(new ProfileService(db, storedFiles), rateLimiter));
      await api.register(filesRoutes(storedFiles));
      await api.register(
        certificatesRoutes(
          new CertificatesService(db, storedFiles, certificatePdfs, options.clock ?? (() => new Date())),
          rateLimiter,
        ),
      );
      await api.register(bundlesRoutes);
    },
    { prefix: '/api' },
  );

  await registerSpa(app, settings.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
