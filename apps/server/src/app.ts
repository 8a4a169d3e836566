import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { features } from './features/index.ts';
import { fileReferences } from './file-references.ts';
import { p12SealIdentity, storedSealIdentity } from './platform/crypto/seal-identity.ts';
import { storedSecret } from './platform/crypto/secrets.ts';
import type { SignableDocumentSource } from './platform/documents/signable-source.ts';
import { seats } from './platform/entitlements/seats.ts';
import { OutboundEvents } from './platform/events/outbound-events.ts';
import { buildFeatures, type FeatureDeps, joint } from './platform/feature-module.ts';
import { registerAuthHooks } from './platform/http/auth-context.ts';
import { createHttpServer, registerApi } from './platform/http/http-server.ts';
import { registerSpa } from './platform/http/spa.ts';
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

/** Never shed under load (ADR 0046): how an operator and a load balancer see the overload. */
const NEVER_SHED = [METRICS_PATH, '/api/health', '/api/health/live', '/api/health/ready'];

/** Builds the app: the HTTP server, the platform, then the feature list. No listening here, so tests can `inject`. */
export async function buildApp(options: AppOptions) {
  const { db, settings } = options;
  const metrics = new AppMetrics(options.logger);
  const app = await createHttpServer({
    logger: options.logger,
    trustProxy: settings.trustProxy,
    slowClients: settings.slowClients,
    backPressure: settings.backPressure,
    pool: db.$client,
    neverShed: NEVER_SHED,
    https: settings.publicUrl?.startsWith('https://') ?? false,
    checkResponsesAgainstContract: options.checkResponsesAgainstContract ?? true,
    observeRequest: (method, route, status, seconds) => metrics.observeRequest(method, route, status, seconds),
  });
  app.decorate('db', db);
  const clock = options.clock ?? (() => new Date());
  // Every write by a member other than the owner is checked against the seats (platform/http/route.ts).
  app.decorate('holdsSeat', (businessId: string, userId: string) => seats.holds(db, businessId, userId, clock()));

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
    clock,
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
    sealRoot: async () => (await sealIdentity()).root,
    events: new OutboundEvents(),
  };

  // Every feature of the list, joined through what each offers (ADR 0073).
  const { modules, joints } = buildFeatures(features, deps, settings, options.signableSources);
  registerAuthHooks(
    app,
    joint(joints, 'authenticateSession', 'the auth hooks'),
    joint(joints, 'authenticateApiToken', 'the auth hooks'),
  );
  for (const module of modules) jobs.registerAll(module.jobs ?? []);
  for (const module of modules) await module.start?.();
  await jobs.start();
  // Background work stops before the pool it uses is closed (the caller ends the pool after close).
  app.addHook('onClose', async () => {
    await jobs.stop(JOBS_STOP_TIMEOUT_MS);
    for (const module of modules) await module.close?.();
  });

  await registerApi(
    app,
    modules.flatMap((module) => module.routes ?? []),
  );
  await registerSpa(app, settings.webDistDir);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
