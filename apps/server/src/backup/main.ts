import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from '../config.ts';
import { configuredFileStorage } from '../platform/storage/configured-storage.ts';
import { createBackup, restoreBackup } from './backup.ts';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (ADR 0045): the same environment as
 * the server (DATA_DIR, DATABASE_URL), so they find its database and files as it does.
 */
const USAGE = 'usage: npm run backup -- <file.tar.gz>   |   npm run restore -- <file.tar.gz>';
/** BACKUP_STEP_TIMEOUT_MINUTES: the longest one step (database, files, archive) may take. */
const DEFAULT_STEP_TIMEOUT_MINUTES = 60;

async function main() {
  // Like the server: the archive and everything unpacked are for this OS user only.
  process.umask(0o077);
  const [command, file, ...rest] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
  const minutes = Number(process.env.BACKUP_STEP_TIMEOUT_MINUTES ?? DEFAULT_STEP_TIMEOUT_MINUTES);
  if (!(minutes > 0)) {
    process.stderr.write('BACKUP_STEP_TIMEOUT_MINUTES must be a positive number of minutes\n');
    process.exit(1);
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  // The embedded PostgreSQL's own messages, when it is started here, go to stderr and only when they matter.
  const logger = pino({ level: 'warn' }, pino.destination(2));
  const target = {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    // The server's file store, disk or bucket, opened as server.ts opens it.
    storage: configuredFileStorage(config).storage,
    stepTimeoutMs: minutes * 60_000,
  };
  const progress = (message: string) => process.stdout.write(`${message}\n`);
  const where = config.databaseUrl ? 'the database at DATABASE_URL' : `the embedded database in ${config.dataDir}`;
  try {
    if (command === 'backup') {
      progress(`Backing up ${where} and its files to ${path.resolve(file)}`);
      const manifest = await createBackup(target, file, progress, logger);
      progress(`Backup complete: ${manifest.files.count} files, ${manifest.entries.length} entries checksummed.`);
    } else {
      progress(`Restoring ${path.resolve(file)} into ${where}`);
      await restoreBackup(target, file, progress, logger);
      progress('Restore complete. Start the app as usual (npm start).');
    }
    process.exit(0);
  } catch (error) {
    process.stderr.write(
      `${command === 'backup' ? 'Backup' : 'Restore'} failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  }
}

await main();
