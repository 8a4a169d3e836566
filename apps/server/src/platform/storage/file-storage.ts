import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where file bytes live. Local disk by default; an S3-compatible driver can implement the same. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. */
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/;

/** Files under `root` (DATA_DIR/files). Writes go to a temp name first, so a crash never leaves half a file. */
export function createLocalDiskStorage(root: string): FileStorage {
  const pathFor = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = pathFor(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temporary, data);
      await rename(temporary, target);
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
  };
}
