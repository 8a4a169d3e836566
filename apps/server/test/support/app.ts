import pino from 'pino';
import { type AppOptions, buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';

/** The real app on a test database; set TEST_LOG_LEVEL=info to see its logs. */
export function buildTestApp(db: Database, options: Partial<AppOptions> = {}) {
  return buildApp({ db, logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }), ...options });
}
