import { randomBytes } from 'node:crypto';
import { copyFile, lstat, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';

/**
 * What pg_basebackup leaves out of a cluster's copy: runtime state that a starting server rebuilds
 * (and that would mislead it: postmaster.pid), and WAL, copied separately once the backup has ended.
 */
const SKIPPED_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'pg_internal.init',
  'backup_label',
  'tablespace_map',
  'backup_manifest',
  'current_logfiles',
]);
const EMPTIED_DIRECTORIES = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_stat_tmp',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_subtrans',
]);
const WAL_SEGMENT = /^[0-9A-F]{24}(\.partial)?$|^[0-9A-F]{8}\.history$/;

/** The port of the PostgreSQL serving `databaseDir`, if one is running (its postmaster.pid says so). */
export async function runningClusterPort(databaseDir: string): Promise<number | null> {
  const lines = (await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!(pid > 0) || !(port > 0)) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, but the `postgres` OS user's (a server run as root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return port;
}

/** Copies the files under `from` to `to`, leaving out what SKIPPED_* name; files dropped meanwhile are fine. */
async function copyTree(from: string, to: string, relative: string, counter: { files: number; bytes: number }) {
  await mkdir(path.join(to, relative), { recursive: true, mode: 0o700 });
  for (const entry of await readdir(path.join(from, relative), { withFileTypes: true })) {
    const name = path.join(relative, entry.name);
    if (entry.isSymbolicLink()) {
      throw new Error(`the embedded cluster has a link (${name}): tablespaces elsewhere are not backed up`);
    }
    if (entry.isDirectory()) {
      if (EMPTIED_DIRECTORIES.has(name)) await mkdir(path.join(to, name), { recursive: true, mode: 0o700 });
      else await copyTree(from, to, name, counter);
      continue;
    }
    if (!entry.isFile() || SKIPPED_FILES.has(entry.name) || entry.name.startsWith('pgsql_tmp')) continue;
    try {
      await copyFile(path.join(from, name), path.join(to, name));
      counter.files += 1;
      counter.bytes += (await lstat(path.join(to, name))).size;
    } catch (error) {
      // A table dropped or a segment truncated while copying: its removal is in the WAL replayed later.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/**
 * A consistent copy of a running cluster, with the embedded server's own binaries only (no pg_dump
 * of its major version ships with it): PostgreSQL's low-level base backup. A temporary replication
 * slot keeps every WAL segment from before the backup's start; pg_backup_start forces a checkpoint;
 * the data files are copied as they are (pages torn by concurrent writes are rewritten by WAL
 * replay: full_page_writes); pg_backup_stop ends it and switches WAL segment; then the WAL is
 * copied, and backup_label written beside the data. Starting a server on the copy replays the WAL
 * and refuses to open before reaching the backup's end, so a copy that opens is consistent.
 *
 * `client` is a superuser session on the cluster; it must stay open throughout (non-exclusive backup).
 */
export async function copyRunningCluster(
  client: pg.Client,
  databaseDir: string,
  target: string,
  progress: (message: string) => void,
): Promise<{ serverVersion: string }> {
  const slot = `tradecert_backup_${randomBytes(6).toString('hex')}`;
  const { rows: versionRows } = await client.query<{ server_version: string }>('show server_version');
  await client.query('select pg_create_physical_replication_slot($1, true, true)', [slot]);
  try {
    await client.query(`select pg_backup_start($1, true)`, [`tradecert backup ${new Date().toISOString()}`]);
    const counter = { files: 0, bytes: 0 };
    try {
      await copyTree(databaseDir, target, '', counter);
      progress(`  copied ${counter.files} database files (${(counter.bytes / 1e6).toFixed(1)} MB)`);
    } finally {
      // Always end the backup: an open one would make the session's end abort it anyway, but noisily.
      const { rows } = await client.query<{ labelfile: string; spcmapfile: string }>(
        'select labelfile, spcmapfile from pg_backup_stop(false)',
      );
      const [stop] = rows;
      if (stop) {
        await writeFile(path.join(target, 'backup_label'), stop.labelfile, { mode: 0o600 });
        if (stop.spcmapfile) await writeFile(path.join(target, 'tablespace_map'), stop.spcmapfile, { mode: 0o600 });
      }
    }
    // After the stop: every segment from the start (kept by the slot) to the switch that ended it.
    const walFrom = path.join(databaseDir, 'pg_wal');
    const walTo = path.join(target, 'pg_wal');
    await mkdir(path.join(walTo, 'archive_status'), { recursive: true, mode: 0o700 });
    let segments = 0;
    for (const name of (await readdir(walFrom)).sort()) {
      if (!WAL_SEGMENT.test(name)) continue;
      try {
        await copyFile(path.join(walFrom, name), path.join(walTo, name));
        segments += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    progress(`  copied ${segments} WAL segments`);
  } finally {
    await client.query('select pg_drop_replication_slot($1)', [slot]).catch(() => undefined);
  }
  return { serverVersion: versionRows[0]?.server_version ?? 'unknown' };
}
