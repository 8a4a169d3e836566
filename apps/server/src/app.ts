import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.ts';
import type { Database } from './db/client.ts';
import { adminFeature } from './features/admin/admin.feature.ts';
import { apiAccessFeature } from './features/api-access/api-access.feature.ts';
import { authFeature } from './features/auth/auth.feature.ts';
import { billingFeature } from './features/billing/billing.feature.ts';
import { bundlesFeature } from './features/bundles/bundles.feature.ts';
import { certificatesFeature } from './features/certificates/certificates.feature.ts';
import { checklistTemplatesFeature } from './features/checklist-templates/checklist-templates.feature.ts';
import { contactFeature } from './features/contact/contact.feature.ts';
import { filesFeature } from './features/files/files.feature.ts';
import { healthFeature } from './features/health/health.feature.ts';
import { profileFeature } from './features/profile/profile.feature.ts';
import { signingFeature } from './features/signing/signing.feature.ts';
import { swmsFeature } from './features/swms/swms.feature.ts';
import { verificationFeature } from './features/verification/verification.feature.ts';
import { fileReferences } from './file-references.ts';
import { p12SealIdentity, storedSealIdentity } from './platform/crypto/seal-identity.ts';
import { storedSecret } from './platform/crypto/secrets.ts';
import type { SignableDocumentSource } from './platform/documents/signable-source.ts';
import { OutboundEvents } from './platform/events/outbound-events.ts';
import type { FeatureDeps, FeatureModule } from './platform/feature-module.ts';
import { registerAuthHooks } from './platform/http/auth-context.ts';
import { registerBackPressure } from './platform/http/back-pressure.ts';
import { handleError, handleFrameworkError } from './platform/http/errors.ts';
import { registerBoundedJsonParser } from './platform/http/json-body.ts';
import { rejectNulCharacters } from './platform/http/nul-characters.ts';
import { registerOpenApi } from './platform/http/openapi.ts';
import { responseSerializerCompiler } from './platform/http/response-serializer.ts';
import { addSecurityHeaders } from './platform/http/security-headers.ts';
import {
  connectionsCheckingIntervalMs,
  guardAgainstSlowClients,
  headersTimeoutMs,
} from './platform/http/slow-clients.ts';
import { registerSpa } from './platform/http/spa.ts';
import { MAX_UPLOAD_BYTES } from './platform/http/upload.ts';
import { JobQueue } from './platform/jobs/job-queue.ts';
import type { Mailer } from './platform/mail/mailer.ts';
import { AppMetrics } from './platform/metrics/metrics.ts';
import { METRICS_PATH, registerMetricsEndpoint } from './platform/metrics/metrics-endpoint.ts';
import { PdfRenderPool } from './platform/pdf/render-pool.ts';
import { PdfSeal } from './platform/pdf/seal.ts';
import { RateLimiter } from './platform/rate-limit/rate-limiter.ts';
import type { FileStorage } from './platform/storage/file-storage.ts';
import { StoredFiles } from './platform/storage/stored-files.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** The PDF worker threads; server.ts warms them once listening. */
    pdfRenderPool: PdfRenderPool;
    /** The background job queue (readiness reads whether it runs). */
    jobQueue: JobQueue;
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
  | 'pdfSealP12'
  | 'metricsToken'
  | 'backPressure'
  | 'webhooks'
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

/** Never shed under load (ADR 0046): how an operator and a load balancer see the overload. */
const NEVER_SHED = [METRICS_PATH, '/api/health', '/api/health/live', '/api/health/ready'];

function trustedHops(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** The largest request body read (JSON); uploads have their own limits. */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

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
    bodyLimit: MAX_REQUEST_BODY_BYTES,
    requestTimeout: options.settings.slowClients.requestTimeoutMs,
    http: { connectionsCheckingInterval: connectionsCheckingIntervalMs(options.settings.slowClients) },
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

  const metrics = new AppMetrics(options.logger);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
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
    metrics.observeRequest(request.method, pattern ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
  });
  // Before any route, so its check runs first on every request.
  registerBackPressure(app, options.db.$client, options.settings.backPressure, NEVER_SHED);
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
  const limits = new RateLimiter(db);
  // Every endpoint that declares a rate limit is counted with it (platform/http/route.ts).
  app.decorate('rateLimiter', limits);
  const pdfRenderPool = new PdfRenderPool(pdfWorkerFile, settings.pdfRendering, metrics.observePdfRender);
  // Every issued PDF is sealed (ADR 0041): by the operator's certificate when given (a wrong
  // passphrase stops the start here), else by the one made at first start and kept in app_secrets.
  const operatorSeal = settings.pdfSealP12
    ? await p12SealIdentity(settings.pdfSealP12.bytes, settings.pdfSealP12.passphrase)
    : undefined;
  const sealIdentity = operatorSeal ? async () => operatorSeal : storedSealIdentity(db);
  app.decorate('pdfRenderPool', pdfRenderPool);
  app.addHook('onClose', () => pdfRenderPool.close());
  const jobs = new JobQueue(db, options.logger);
  app.decorate('jobQueue', jobs);
  metrics.watch({
    pool: db.$client,
    queueBacklog: () => jobs.backlog(),
    pdfUsage: () => pdfRenderPool.usage(),
  });
  registerMetricsEndpoint(app, metrics, { token: settings.metricsToken });
  const deps: FeatureDeps = {
    db,
    clock: options.clock ?? (() => new Date()),
    jobs,
    limits,
    files: new StoredFiles(db, options.fileStorage, storedSecret(db, 'file-urls'), fileReferences),
    storage: options.fileStorage,
    mail: options.mailer,
    logger: options.logger,
    // Links in emails and QR codes never come from the Host header, which a caller controls.
    publicOrigin: () =>
      settings.publicUrl ?? `http://localhost:${(app.server.address() as AddressInfo | null)?.port ?? 3000}`,
    pdfRenderer: pdfRenderPool,
    pdfSeal: new PdfSeal(sealIdentity, () => settings.publicUrl ?? 'TradeCert', pdfRenderPool),
    events: new OutboundEvents(),
  };

  // The features, each built from the same deps; those that meet (signing and the document kinds,
  // verification, account deletion and billing, the file clean-up) are joined here.
  const billing = billingFeature(deps, settings);
  const auth = authFeature(
    deps,
    {
      jwtSecret: settings.jwtSecret,
      accessTokenTtlSeconds: settings.accessTokenTtlSeconds,
      https: settings.publicUrl?.startsWith('https://') ?? false,
      signupDisabled: settings.signupDisabled,
      adminEmails: settings.adminEmails,
    },
    (userId) => billing.service.hasRenewingSubscription(userId),
  );
  // API tokens (ADR 0055) authenticate through the same hooks; webhooks listen to deps.events.
  const apiAccess = apiAccessFeature(deps, settings.webhooks);
  registerAuthHooks(app, (authorization) => auth.service.authenticate(authorization), apiAccess.authenticateApiToken);
  // Certificates copy the owner's custom checklist templates onto their checklists (ADR 0038).
  const checklistTemplates = checklistTemplatesFeature(deps);
  const certificates = certificatesFeature(deps, checklistTemplates.templatesOf);
  const swms = swmsFeature(deps);
  const features: FeatureModule[] = [
    healthFeature(deps),
    auth,
    profileFeature(deps),
    apiAccess,
    filesFeature(deps, fileReferences),
    certificates,
    checklistTemplates,
    billing,
    bundlesFeature(),
    contactFeature(deps, settings),
    adminFeature(deps),
    swms,
    // Each document kind that can be signed hands signing its source (ADR 0017).
    signingFeature(deps, { reminderDays: settings.signingReminderDays }, [
      certificates.signingSource,
      ...swms.signingSources,
      ...(options.signableSources ?? []),
    ]),
    verificationFeature(
      deps,
      [certificates.verifiableKind, ...swms.verifiableKinds],
      async () => (await sealIdentity()).root,
    ),
  ];

  for (const feature of features) jobs.registerAll(feature.jobs ?? []);
  for (const feature of features) await feature.start?.();
  await jobs.start();
  // Background work stops before the pool it uses is closed (the caller ends the pool after close).
  app.addHook('onClose', async () => {
    await jobs.stop(JOBS_STOP_TIMEOUT_MS);
    for (const feature of features) await feature.close?.();
  });

  await app.register(
    async (api) => {
      api.addHook('onSend', async (_request, reply, payload) => {
        // API answers are per-user: never cached, unless a route says otherwise (e.g. files).
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
        return payload;
      });
      await api.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
      for (const feature of features) if (feature.routes) await api.register(feature.routes);
    },
    { prefix: '/api' },
  );

  await registerSpa(app, settings.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
