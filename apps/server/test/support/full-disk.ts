import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export type FullDisk = {
  /** A directory on a full filesystem: creating a file works, writing bytes fails with ENOSPC. */
  root: string;
  close: () => Promise<void>;
};

/**
 * A tiny tmpfs, filled to the last byte, so writes get a genuine ENOSPC from the kernel (no mock
 * of our code). It is mounted in a private mount namespace (`unshare -Urm`, no root needed) held
 * by a waiting child; this process reaches it through `/proc/<child>/root`. Resolves to null where
 * unprivileged user namespaces are not allowed.
 */
export async function fullDisk(): Promise<FullDisk | null> {
  const mountPoint = await mkdtemp(path.join(tmpdir(), 'tradecert-full-'));
  const holder = spawn(
    'unshare',
    [
      '-Urm',
      'sh',
      '-c',
      'mount -t tmpfs -o size=64k tradecert-full "$1" && echo mounted && exec cat >/dev/null',
      'sh',
      mountPoint,
    ],
    // The holder waits on its stdin, so it also ends (and the mount goes) if this process dies.
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const mounted = await new Promise<boolean>((resolve) => {
    holder.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().includes('mounted')));
    holder.once('error', () => resolve(false));
    holder.once('exit', () => resolve(false));
  });
  const close = async () => {
    // A holder that never started (no `unshare` here) has nothing to stop.
    if (holder.pid !== undefined && holder.exitCode === null && holder.signalCode === null) {
      const exited = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill();
      await exited;
    }
    await rm(mountPoint, { recursive: true, force: true });
  };
  if (!mounted || !holder.pid) {
    await close();
    return null;
  }
  const root = path.join(`/proc/${holder.pid}/root`, mountPoint);
  // Fills the filesystem: the write stops at its end with ENOSPC, which is the point.
  await writeFile(path.join(root, 'filler'), Buffer.alloc(256 * 1024)).catch((error) => {
    if (error.code !== 'ENOSPC') throw error;
  });
  return { root, close };
}
