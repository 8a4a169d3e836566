import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where file bytes live: local disk by default (createLocalDiskStorage), or an S3-compatible bucket
 * (s3-storage.ts, FILE_STORAGE=s3; ADR 0043). test/storage/storage-contract.test.ts holds both to one contract.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** Deletes every file whose key starts with `prefix/` (e.g. all of one user's files); none is fine. */
  removeAll(prefix: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

/** Keys are our own names (`users/<id>/<uuid>.jpg`): anything else is a bug, refused by every driver. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
}

// Photos, signatures and cached PDFs are private: only the server's user may list or read them,
// whatever the process umask is.
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;

/** Files under `root` (DATA_DIR/files). Writes go to a temp name first, so a crash never leaves half a file. */
export function createLocalDiskStorage(root: string): FileStorage {
  const pathFor = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  // mkdir's mode applies only to directories it creates: a root made by an older version (0755)
  // is closed once, which also hides any file written before files were 0600.
  let rootClosed: Promise<void> | undefined;
  const closeRoot = async () => {
    await mkdir(root, { recursive: true, mode: DIRECTORY_MODE });
    await chmod(root, DIRECTORY_MODE);
  };
  return {
    async put(key, data) {
      const target = pathFor(key);
      rootClosed ??= closeRoot().catch((error) => {
        rootClosed = undefined;
        throw error;
      });
      await rootClosed;
      await mkdir(path.dirname(target), { recursive: true, mode: DIRECTORY_MODE });
      // Random, so parallel writers of one key (e.g. a PDF cached by 20 downloads) never share a temp file.
      const temporary = `${target}.${randomBytes(8).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, data, { mode: FILE_MODE, flag: 'wx' });
        await rename(temporary, target);
      } catch (error) {
        // A full disk fails mid-write: the partial temp file must not stay behind, and the caller
        // must see the write's error (e.g. ENOSPC), not a failure to clean up.
        await rm(temporary, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    async read(key) {
      try {
        return await readFile(pathFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathFor(key), { force: true });
    },
    async removeAll(prefix) {
      await rm(pathFor(prefix), { recursive: true, force: true });
    },
  };
}
