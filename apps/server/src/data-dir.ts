import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { postgresRunsAsOwnUser } from './db/embedded.ts';

/**
 * Photos, signatures and outbox mail (with live links) must stay private to the server's OS user.
 * New files are private through the process umask (main.ts); this closes DATA_DIR itself and
 * every entry directly in it, which also shuts away what earlier versions wrote world-readable.
 *
 * DATA_DIR is 0700, except when the embedded PostgreSQL runs as its own OS user (the server runs
 * as root): that user must pass through DATA_DIR to reach DATA_DIR/postgres. Then DATA_DIR is
 * 0711, so anyone may pass but nobody may list, and every entry there is closed to them: the
 * PostgreSQL data is 0700 (PostgreSQL insists) and our own entries become owner-only below.
 */
export async function secureDataDir(dataDir: string, options: { embeddedPostgres: boolean }): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, options.embeddedPostgres && postgresRunsAsOwnUser() ? 0o711 : 0o700);
  for (const entry of await readdir(dataDir)) {
    const target = path.join(dataDir, entry);
    // lstat: chmod would follow a symlink out of DATA_DIR. Others' entries (PostgreSQL's) are theirs.
    const stats = await lstat(target);
    if (stats.isSymbolicLink() || stats.uid !== process.getuid?.() || !(stats.mode & 0o077)) continue;
    await chmod(target, stats.mode & 0o7700);
  }
}
