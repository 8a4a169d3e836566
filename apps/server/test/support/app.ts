import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { type AppOptions, type AppSettings, buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import type { Mailer } from '../../src/platform/mail/mailer.ts';
import { createLocalDiskStorage } from '../../src/platform/storage/file-storage.ts';

const defaultSettings: AppSettings = {
  webDistDir: undefined,
  publicUrl: 'http://app.test',
  signupDisabled: false,
  jwtSecret: undefined,
  accessTokenTtlSeconds: 900,
  trustProxy: false,
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
  });
}
