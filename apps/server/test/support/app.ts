import { tmpdir } from 'node:os';
import path from 'node:path';
import type { QueryResult } from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type App, type AppOptions, type AppSettings, buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import type { Mailer } from '../../src/platform/mail/mailer.ts';
import { createLocalDiskStorage } from '../../src/platform/storage/file-storage.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';
import { checkAnswersAgainstDocument } from './openapi-answers.ts';

const defaultSettings: AppSettings = {
  webDistDir: undefined,
  publicUrl: 'http://app.test',
  signupDisabled: false,
  jwtSecret: undefined,
  accessTokenTtlSeconds: 900,
  trustProxy: false,
  adminEmails: [],
  signingReminderDays: 3,
  pdfRendering: { threads: 1, timeoutMs: 30_000, memoryMb: 512, queue: 20 },
  slowClients: {
    requestTimeoutMs: 120_000,
    minBodyBytesPerSecond: 1024,
    bodyGraceMs: 5_000,
    bodyStallMs: 10_000,
    maxConnectionsPerIp: 0,
  },
  stripe: undefined,
  billingTestMode: true,
  supportEmail: 'support@tradecert.test',
  pdfSealP12: undefined,
  metricsToken: undefined,
  // No shedding for a lagging loop: a starved test machine lags past any threshold, and the tests of
  // shedding (operations.test.ts) set their own (ADR 0046).
  backPressure: { maxEventLoopDelayMs: 0, maxDatabaseWaiting: 200, sampleIntervalMs: 1000 },
  // Quick retries; no loopback unless a test turns the tests-only switch on.
  webhooks: {
    allowLoopbackForTests: false,
    attempts: 3,
    retryDelaySeconds: 1,
    timeoutMs: 5_000,
    disableAfterFailedDeliveries: 3,
  },
};

const noMailer: Mailer = {
  send: async () => {
    throw new Error('this test app has no mailer: pass one (see support/mail-catcher.ts)');
  },
};

/** Where test apps keep file bytes unless given another storage. */
export const testFilesRoot = path.join(tmpdir(), `tradecert-files-${process.pid}`);

type TestAppOptions = Partial<Omit<AppOptions, 'settings' | 'db'>> & { settings?: Partial<AppSettings> };

/** The real app on a test database; set TEST_LOG_LEVEL=info to see its logs. */
export function buildTestApp(db: Database, options: TestAppOptions = {}) {
  return buildApp({
    db,
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    mailer: options.mailer ?? noMailer,
    fileStorage: options.fileStorage ?? createLocalDiskStorage(testFilesRoot),
    settings: { ...defaultSettings, ...options.settings },
    clock: options.clock,
    signableSources: options.signableSources,
    checkResponsesAgainstContract: options.checkResponsesAgainstContract,
  });
}

/** What a test file runs against: its own database, a mail catcher the app sends through, and the app. */
export type TestEnvironment = { database: TestDatabase; mail: MailCatcher; app: App };

/** The environment's parts as a test file holds them, plus SQL on its database. */
export type TestHandles = TestEnvironment & {
  query: (text: string, values?: unknown[]) => Promise<QueryResult>;
};

/**
 * A stand-in for a part that exists only once the file's setup has run: it forwards every read and
 * write to the real one, so a test file can name `app` at the top without a `let` and a callback.
 */
function lateBound<T extends object>(name: string, current: () => T | undefined): T {
  const target = () => {
    const value = current();
    if (!value)
      throw new Error(`the test ${name} is used before setUpTestApp's beforeAll ran: use it in a hook or a test`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, property) {
      const real = target();
      const value = Reflect.get(real, property, real);
      return typeof value === 'function' ? value.bind(real) : value;
    },
    set: (_, property, value) => Reflect.set(target(), property, value),
    has: (_, property) => Reflect.has(target(), property),
  });
}

/**
 * Before the file's tests, creates its database, mail catcher and app (with `options`, which may be
 * computed then), then calls `onReady`; after them, closes all three. Returns the three (and
 * `query`) as handles a file can hold from the start. Hooks the file registers later run after this
 * one's setup and before its teardown. Every /api answer is checked against the published OpenAPI
 * document, and a test whose answers do not match it fails (support/openapi-answers.ts), except
 * while UPDATE_OPENAPI=1 rewrites that document.
 */
export function setUpTestApp(
  options: TestAppOptions | (() => TestAppOptions) = {},
  onReady?: (environment: TestEnvironment) => void,
): TestHandles {
  let environment: TestEnvironment | undefined;
  let answers: ReturnType<typeof checkAnswersAgainstDocument> | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const mail = await startMailCatcher();
    const app = await buildTestApp(database.db, {
      mailer: mail.mailer,
      ...(typeof options === 'function' ? options() : options),
    });
    if (process.env.UPDATE_OPENAPI !== '1') answers = checkAnswersAgainstDocument(app);
    environment = { database, mail, app };
    onReady?.(environment);
  });
  afterEach(() => {
    const mismatches = answers?.takeMismatches() ?? [];
    if (mismatches.length > 0) {
      throw new Error(`answers that differ from the OpenAPI document:\n${mismatches.join('\n')}`);
    }
  });
  afterAll(async () => {
    await environment?.app.close();
    await environment?.mail.close();
    await environment?.database.drop();
  });
  const database = lateBound('database', () => environment?.database);
  return {
    database,
    mail: lateBound('mail catcher', () => environment?.mail),
    app: lateBound('app', () => environment?.app),
    query: (text, values = []) => database.db.$client.query(text, values),
  };
}
