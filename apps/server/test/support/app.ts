import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { type App, type AppOptions, type AppSettings, buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import type { Mailer } from '../../src/platform/mail/mailer.ts';
import { createLocalDiskStorage } from '../../src/platform/storage/file-storage.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { type MailCatcher, startMailCatcher } from './mail-catcher.ts';

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
  slowClients: { requestTimeoutMs: 120_000, minBodyBytesPerSecond: 1024, bodyGraceMs: 5_000, maxConnectionsPerIp: 0 },
  stripe: undefined,
  billingTestMode: true,
  supportEmail: 'support@tradecert.test',
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
  });
}

/** What a test file runs against: its own database, a mail catcher the app sends through, and the app. */
export type TestEnvironment = { database: TestDatabase; mail: MailCatcher; app: App };

/**
 * Before the file's tests, creates its database, mail catcher and app (with `options`, which may be
 * computed then) and hands them to `use`; after them, closes all three. Hooks the file registers
 * later run after this one's setup and before its teardown.
 */
export function setUpTestApp(
  options: TestAppOptions | (() => TestAppOptions),
  use: (environment: TestEnvironment) => void,
): void {
  let environment: TestEnvironment | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const mail = await startMailCatcher();
    const app = await buildTestApp(database.db, {
      mailer: mail.mailer,
      ...(typeof options === 'function' ? options() : options),
    });
    environment = { database, mail, app };
    use(environment);
  });
  afterAll(async () => {
    await environment?.app.close();
    await environment?.mail.close();
    await environment?.database.drop();
  });
}
