import path from 'node:path';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { secureDataDir } from './data-dir.ts';
import { createDatabase } from './db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
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

/**
 * Starts everything `npm start` needs: the database (embedded unless DATABASE_URL is set),
 * migrations, and the HTTP server. `close` shuts them down in reverse order.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  await secureDataDir(config.dataDir, { embeddedPostgres: !config.databaseUrl });
  let embedded: EmbeddedDatabase | undefined;
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'postgres'), logger, {
      // Without its database the server could only answer 500; exiting lets a supervisor restart both.
      onUnexpectedExit: (exit) => {
        logger.fatal(exit, 'the embedded PostgreSQL exited unexpectedly; stopping the server');
        process.exit(1);
      },
    });
    connectionString = await embedded.ensureAppDatabase(EMBEDDED_DATABASE_NAME);
  } else {
    logger.info('using the external PostgreSQL from DATABASE_URL');
  }

  const { storage: fileStorage, bucket } = configuredFileStorage(config);
  try {
    if (bucket && config.fileStorage.driver === 's3') {
      await bucket.checkBucket();
      logger.info({ bucket: config.fileStorage.s3.bucket }, 'file storage: S3-compatible bucket');
    }
    await runMigrations(connectionString);
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
        await embedded?.stop();
      },
    };
  } catch (error) {
    bucket?.close();
    await embedded?.stop();
    throw error;
  }
}
