import path from 'node:path';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { secureDataDir } from './data-dir.ts';
import { createDatabase } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { defaultWebDistDir } from './paths.ts';
import { storedSealIdentity } from './platform/crypto/seal-identity.ts';
import { createOutboxMailer, createSmtpMailer } from './platform/mail/mailer.ts';
import { configuredFileStorage } from './platform/storage/configured-storage.ts';

const EMBEDDED_DATABASE_NAME = 'app';

export type RunningServer = {
  url: string;
  close: () => Promise<void>;
};

/** The migrated database the HTTP processes share; `stop` stops it when it is the embedded one. */
export type PreparedDatabase = {
  connectionString: string;
  /**
   * Called as shutdown begins: from then on the embedded PostgreSQL may exit on its own, since
   * Ctrl-C signals the terminal's whole process group, PostgreSQL with it.
   */
  shuttingDown: () => void;
  stop: () => Promise<void>;
};

/**
 * Starts everything `npm start` needs in one process: the database, then the HTTP server. `close`
 * shuts them down in reverse order.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const database = await prepareDatabase(config, logger);
  try {
    const http = await serveHttp(config, logger, database.connectionString);
    return {
      url: http.url,
      async close() {
        database.shuttingDown();
        await http.close();
        await database.stop();
      },
    };
  } catch (error) {
    await database.stop();
    throw error;
  }
}

/** The database (embedded unless DATABASE_URL is set) with every migration applied: once per instance. */
export async function prepareDatabase(config: Config, logger: Logger): Promise<PreparedDatabase> {
  await secureDataDir(config.dataDir, { embeddedPostgres: !config.databaseUrl });
  if (config.databaseUrl) {
    logger.info('using the external PostgreSQL from DATABASE_URL');
    await runMigrations(config.databaseUrl);
    return { connectionString: config.databaseUrl, shuttingDown: () => {}, stop: async () => {} };
  }
  let shuttingDown = false;
  const embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), logger, {
    // Without its database the server could only answer 500; exiting lets a supervisor restart both.
    onUnexpectedExit: (exit) => {
      if (shuttingDown) return logger.info(exit, 'the embedded PostgreSQL stopped on the same signal');
      logger.fatal(exit, 'the embedded PostgreSQL exited unexpectedly; stopping the server');
      process.exit(1);
    },
  });
  try {
    const connectionString = await embedded.ensureAppDatabase(EMBEDDED_DATABASE_NAME);
    await runMigrations(connectionString);
    return {
      connectionString,
      shuttingDown: () => {
        shuttingDown = true;
      },
      stop: () => embedded.stop(),
    };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}

/** One process's HTTP server on a prepared database; `close` leaves the database running. */
export async function serveHttp(config: Config, logger: Logger, connectionString: string): Promise<RunningServer> {
  const { storage: fileStorage, bucket } = configuredFileStorage(config);
  try {
    if (bucket && config.fileStorage.driver === 's3') {
      await bucket.checkBucket();
      logger.info({ bucket: config.fileStorage.s3.bucket }, 'file storage: S3-compatible bucket');
    }
    const db = createDatabase(connectionString, { maxConnections: config.databasePoolSize });
    const mailer = config.smtpUrl
      ? createSmtpMailer(config.smtpUrl, config.mailFrom)
      : createOutboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, logger);
    const app = await buildApp({
      db,
      logger,
      mailer,
      fileStorage,
      settings: { ...config, webDistDir: config.webDistDir ?? defaultWebDistDir },
      // The test suite checks every answer against its contract; here answers go straight out.
      checkResponsesAgainstContract: false,
    });
    // A stored seal that validators would reject is replaced before the first request (ADR 0061).
    if (!config.pdfSealP12) await storedSealIdentity(db)();
    const address = await app.listen({ host: config.host, port: config.port });
    // After listening, so it never delays the start; the first download is then as fast as any.
    const warmUpStarted = performance.now();
    app.pdfRenderPool.warmUp().then(
      () => logger.info({ warm_up_ms: Math.round(performance.now() - warmUpStarted) }, 'PDF workers ready'),
      (error: unknown) => logger.warn({ err: error }, 'PDF workers warm-up failed'),
    );
    return {
      url: address,
      async close() {
        await app.close();
        await db.$client.end();
        bucket?.close();
      },
    };
  } catch (error) {
    bucket?.close();
    throw error;
  }
}
