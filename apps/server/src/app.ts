import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.ts';
import type { Database } from './db/client.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { AdminService } from './features/admin/admin.service.ts';
import { accountRoutes } from './features/auth/account.routes.ts';
import {
  ACCOUNT_FILES_QUEUE,
  type AccountFilesJob,
  AccountService,
  accountFilesQueueSettings,
} from './features/auth/account.service.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { AuthService } from './features/auth/auth.service.ts';
import { AUTH_EMAIL_QUEUE, type AuthEmailJob, authEmailQueueSettings } from './features/auth/auth-mail.ts';
import { RevokedSessions } from './features/auth/revoked-sessions.ts';
import { AccessTokens } from './features/auth/tokens.ts';
import { TrustedDevices } from './features/auth/trusted-devices.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import {
  BILLING_EVENTS_QUEUE,
  type BillingEventJob,
  BillingService,
  billingEventsQueueSettings,
} from './features/billing/billing.service.ts';
import { bundlesRoutes } from './features/bundles/bundles.routes.ts';
import { CertificatePdfService } from './features/certificates/certificate-pdf.service.ts';
import {
  certificateSigningSource,
  certificateVerifiableKind,
} from './features/certificates/certificate-signing-source.ts';
import { certificatesRoutes } from './features/certificates/certificates.routes.ts';
import { CertificatesService } from './features/certificates/certificates.service.ts';
import { contactRoutes } from './features/contact/contact.routes.ts';
import { CONTACT_EMAIL_QUEUE, type ContactEmailJob, ContactService } from './features/contact/contact.service.ts';
import { filesRoutes } from './features/files/files.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { ProfileService } from './features/profile/profile.service.ts';
import { signingRoutes } from './features/signing/signing.routes.ts';
import { SigningService } from './features/signing/signing.service.ts';
import {
  SIGNING_EMAIL_QUEUE,
  SIGNING_SWEEP_CRON,
  SIGNING_SWEEP_QUEUE,
  type SigningEmailJob,
  signingSweepQueueSettings,
} from './features/signing/signing-queues.ts';
import { swmsRoutes } from './features/swms/swms.routes.ts';
import { SwmsService } from './features/swms/swms.service.ts';
import { SwmsPdfService } from './features/swms/swms-pdf.service.ts';
import { swmsSigningSources, swmsVerifiableKinds } from './features/swms/swms-signing-source.ts';
import { verificationRoutes } from './features/verification/verification.routes.ts';
import { fileReferences } from './file-references.ts';
import { createStripeProvider } from './platform/billing/stripe-provider.ts';
import { createTestModeProvider } from './platform/billing/test-mode-provider.ts';
import { createUnconfiguredProvider } from './platform/billing/unconfigured-provider.ts';
import { storedSecret } from './platform/crypto/secrets.ts';
import type { SignableDocumentSource } from './platform/documents/signable-source.ts';
import { registerAuthHooks } from './platform/http/auth-context.ts';
import { handleError, handleFrameworkError } from './platform/http/errors.ts';
import { registerBoundedJsonParser } from './platform/http/json-body.ts';
import { rejectNulCharacters } from './platform/http/nul-characters.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { responseSerializerCompiler } from './platform/http/response-serializer.ts';
import { addSecurityHeaders } from './platform/http/security-headers.ts';
import { guardAgainstSlowClients, headersTimeoutMs } from './platform/http/slow-clients.ts';
import { registerSpa } from './platform/http/spa.ts';
import { MAX_UPLOAD_BYTES } from './platform/http/upload.ts';
import { JobQueue } from './platform/jobs/job-queue.ts';
import { type Mailer, mailQueueSettings } from './platform/mail/mailer.ts';
import { PdfRenderPool } from './platform/pdf/render-pool.ts';
import { RateLimiter } from './platform/rate-limit/rate-limiter.ts';
import type { FileStorage } from './platform/storage/file-storage.ts';
import {
  cleanUpOrphanUploads,
  ORPHAN_UPLOADS_CRON,
  ORPHAN_UPLOADS_QUEUE,
  orphanUploadsQueueSettings,
} from './platform/storage/orphan-uploads.ts';
import { StoredFiles } from './platform/storage/stored-files.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The PDF worker threads; server.ts warms them once listening. */
    pdfRenderPool: PdfRenderPool;
  }
}

/** The PDF workers' entry: beside this module, as TypeScript from sources or built beside the bundle. */
const pdfWorkerFile = new URL(import.meta.url.endsWith('.ts') ? './pdf-worker.ts' : './pdf-worker.js', import.meta.url);

export type AppSettings = Pick<
  Config,
  | 'webDistDir'
  | 'publicUrl'
  | 'signupDisabled'
  | 'jwtSecret'
  | 'accessTokenTtlSeconds'
  | 'trustProxy'
  | 'adminEmails'
  | 'signingReminderDays'
  | 'pdfRendering'
  | 'slowClients'
  | 'stripe'
  | 'billingTestMode'
  | 'supportEmail'
>;

export type AppOptions = {
  db: Database;
  logger: FastifyBaseLogger;
  mailer: Mailer;
  fileStorage: FileStorage;
  settings: AppSettings;
  /** The current time; tests move it across month boundaries. */
  clock?: () => Date;
  /** Document kinds signing serves besides the built-in ones; one of the same kind replaces it (tests). */
  signableSources?: SignableDocumentSource[];
  /**
   * Encode every answer with its zod schema before writing it (default): tests catch an answer that
   * breaks its contract. The production server turns it off for speed (ADR 0014).
   */
  checkResponsesAgainstContract?: boolean;
};

/** How long shutdown waits for running jobs; unfinished ones are retried by the next process. */
const JOBS_STOP_TIMEOUT_MS = 5000;

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

function trustedHops(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** Builds the whole HTTP app from feature plugins. No listening here, so tests can `inject`. */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    loggerInstance: options.logger,
    // Honour a sane incoming id (from a proxy) so logs correlate across hops; otherwise mint one.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    // Only the configured proxies may set the client IP through X-Forwarded-For (it feeds the rate
    // limits). A hop count trusts that many addresses from our end of the chain, never the client's.
    trustProxy: trustedHops(options.settings.trustProxy),
    bodyLimit: 1024 * 1024,
    requestTimeout: options.settings.slowClients.requestTimeoutMs,
    frameworkErrors: handleFrameworkError,
    // One line per request, written below: Fastify's two lines would log the query string, where
    // emailed links carry their codes (/auth/callback?code=…).
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(options.checkResponsesAgainstContract ?? true));
  app.setErrorHandler(handleError);
  app.decorate('db', options.db);
  registerBoundedJsonParser(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        // The route's pattern (/api/certificates/:id) where there is one; else the path, never the query.
        route: request.routeOptions.url ?? request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
  });
  app.addHook('preValidation', rejectNulCharacters);
  app.server.headersTimeout = headersTimeoutMs(options.settings.slowClients);
  guardAgainstSlowClients(app, options.settings.slowClients);

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
    strictTransportSecurity: options.settings.publicUrl?.startsWith('https://')
      ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false }
      : false,
  });

  await registerOpenApi(app);

  const { db, settings } = options;
  // Links in emails and QR codes never come from the Host header, which a caller controls.
  const publicOrigin = () =>
    settings.publicUrl ?? `http://localhost:${(app.server.address() as AddressInfo | null)?.port ?? 3000}`;
  const jwtSecret = settings.jwtSecret;
  const storedFiles = new StoredFiles(db, options.fileStorage, storedSecret(db, 'file-urls'));
  const jobs = new JobQueue(db, options.logger);
  const revokedSessions = new RevokedSessions(db.$client.options, settings.accessTokenTtlSeconds, options.logger);
  const rateLimiter = new RateLimiter(db);
  // Every endpoint that declares a rate limit is counted with it (platform/http/route.ts).
  app.decorate('rateLimiter', rateLimiter);
  const authService = new AuthService({
    db,
    mailer: options.mailer,
    jobs,
    rateLimiter,
    accessTokens: new AccessTokens(
      jwtSecret ? async () => jwtSecret : storedSecret(db, 'jwt'),
      settings.accessTokenTtlSeconds,
    ),
    revokedSessions,
    trustedDevices: new TrustedDevices(
      storedSecret(db, 'trusted-devices'),
      options.settings.publicUrl?.startsWith('https://') ?? false,
    ),
    refreshTokenSecret: storedSecret(db, 'refresh-tokens'),
    signupDisabled: settings.signupDisabled,
    adminEmails: settings.adminEmails,
    linkBase: publicOrigin,
  });
  registerAuthHooks(app, (authorization) => authService.authenticate(authorization));
  jobs.register<AuthEmailJob>(AUTH_EMAIL_QUEUE, authEmailQueueSettings, (job) => authService.deliverEmailLink(job));
  jobs.register(
    ORPHAN_UPLOADS_QUEUE,
    orphanUploadsQueueSettings,
    async () => {
      const { deleted } = await cleanUpOrphanUploads(db, options.fileStorage, fileReferences);
      if (deleted > 0) options.logger.info({ deleted }, 'removed uploads nothing refers to');
    },
    { cron: ORPHAN_UPLOADS_CRON },
  );
  const billingService = new BillingService({
    db,
    jobs,
    now: options.clock ?? (() => new Date()),
    provider: settings.stripe
      ? createStripeProvider(settings.stripe, publicOrigin)
      : settings.billingTestMode
        ? createTestModeProvider(storedSecret(db, 'billing-test-webhook'))
        : createUnconfiguredProvider(),
  });
  // Once the database answers: a server started while it is down still starts (health says so).
  let providerRetry: NodeJS.Timeout | undefined;
  let closing = false;
  const endOtherProvidersPremium = async (): Promise<void> => {
    try {
      const ended = await billingService.honourOnlyCurrentProvider();
      if (ended > 0) options.logger.warn({ ended }, 'Premium bought through another billing provider ended');
    } catch (error) {
      if (closing) return;
      options.logger.warn({ err: error }, 'could not end Premium of other billing providers yet; retrying');
      providerRetry = setTimeout(() => void endOtherProvidersPremium(), 5_000);
      providerRetry.unref();
    }
  };
  void endOtherProvidersPremium();
  app.addHook('onClose', async () => {
    closing = true;
    clearTimeout(providerRetry);
  });

  jobs.register<BillingEventJob>(BILLING_EVENTS_QUEUE, billingEventsQueueSettings, (job) =>
    billingService.processEvent(job),
  );
  const contactService = new ContactService({
    db,
    jobs,
    mailer: options.mailer,
    supportEmail: settings.supportEmail,
  });
  jobs.register<ContactEmailJob>(CONTACT_EMAIL_QUEUE, mailQueueSettings, (job) => contactService.deliver(job));
  const accountService = new AccountService({
    db,
    jobs,
    rateLimiter,
    revokedSessions,
    storage: options.fileStorage,
    hasRenewingSubscription: (userId) => billingService.hasRenewingSubscription(userId),
  });
  jobs.register<AccountFilesJob>(ACCOUNT_FILES_QUEUE, accountFilesQueueSettings, (job) =>
    accountService.removeFiles(job),
  );
  const pdfRenderPool = new PdfRenderPool(pdfWorkerFile, settings.pdfRendering);
  app.decorate('pdfRenderPool', pdfRenderPool);
  app.addHook('onClose', () => pdfRenderPool.close());
  const certificatePdfs = new CertificatePdfService(
    db,
    storedFiles,
    options.fileStorage,
    (certificateId, version) => `${publicOrigin()}/certificates/${certificateId}?version=${version}`,
    pdfRenderPool,
    options.logger,
  );
  const certificatesService = new CertificatesService(
    db,
    storedFiles,
    certificatePdfs,
    options.clock ?? (() => new Date()),
  );
  const swmsService = new SwmsService(
    db,
    new SwmsPdfService(
      db,
      storedFiles,
      options.fileStorage,
      (kind, id, version) => `${publicOrigin()}/verify/${kind}/${id}/${version}`,
      pdfRenderPool,
      options.logger,
    ),
    options.clock ?? (() => new Date()),
  );
  // Each document kind that can be signed hands signing its source (ADR 0017).
  const signingService = new SigningService({
    db,
    jobs,
    mailer: options.mailer,
    rateLimiter,
    storedFiles,
    sources: [
      certificateSigningSource(certificatePdfs),
      ...swmsSigningSources(swmsService),
      ...(options.signableSources ?? []),
    ],
    linkSecret: storedSecret(db, 'signing-links'),
    publicOrigin,
    reminderDays: settings.signingReminderDays,
    pdfRenderer: pdfRenderPool,
  });
  jobs.register<SigningEmailJob>(SIGNING_EMAIL_QUEUE, mailQueueSettings, (job) =>
    signingService.jobs.deliverEmail(job),
  );
  jobs.register(
    SIGNING_SWEEP_QUEUE,
    signingSweepQueueSettings,
    async () => {
      const { reminded, expired } = await signingService.jobs.sweep();
      if (reminded + expired > 0) options.logger.info({ reminded, expired }, 'signing sweep');
      if (reminded > 0) jobs.wake(SIGNING_EMAIL_QUEUE);
    },
    { cron: SIGNING_SWEEP_CRON },
  );
  await revokedSessions.start();
  await jobs.start();
  // Background work stops before the pool it uses is closed (the caller ends the pool after close).
  app.addHook('onClose', async () => {
    await jobs.stop(JOBS_STOP_TIMEOUT_MS);
    await revokedSessions.stop();
  });

  await app.register(
    async (api) => {
      api.addHook('onSend', async (_request, reply, payload) => {
        // API answers are per-user: never cached, unless a route says otherwise (e.g. files).
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        return payload;
      });
      await api.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
      await api.register(healthRoutes);
      await api.register(authRoutes(authService));
      await api.register(profileRoutes(new ProfileService(db, storedFiles)));
      await api.register(filesRoutes(storedFiles));
      await api.register(certificatesRoutes(certificatesService));
      await api.register(billingRoutes(billingService));
      await api.register(bundlesRoutes);
      await api.register(contactRoutes(contactService));
      await api.register(adminRoutes(new AdminService(db, options.clock ?? (() => new Date()))));
      await api.register(accountRoutes(accountService));
      await api.register(swmsRoutes(swmsService));
      await api.register(signingRoutes(signingService));
      // Each document kind hands the public verification page its answer (issue 21).
      await api.register(
        verificationRoutes([certificateVerifiableKind(certificatesService), ...swmsVerifiableKinds(swmsService)]),
      );
    },
    { prefix: '/api' },
  );

  await registerSpa(app, settings.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
