import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey } from './file-storage.ts';
import type { S3FileStorage } from './s3-storage.ts';

export type CopyCounts = {
  /** Uploaded: missing from the bucket, or there with another size. */
  copied: number;
  /** Already in the bucket with the same size. */
  unchanged: number;
  /** Not files of ours: the disk driver's temp files (a write a crash cut short), unsafe names. */
  skipped: string[];
};

/** The disk driver's temp names (`<key>.<16 hex>.tmp`, file-storage.ts): half-written, never a file. */
const TEMP_FILE = /\.[0-9a-f]{16}\.tmp$/;
/** Uploads in flight at once: enough to hide a round trip, few enough for a small server. */
const PARALLEL = 4;

/**
 * `npm run storage:migrate`: copies every file under `root` (DATA_DIR/files) into the bucket under
 * the same key, unless the bucket already holds that key with the same size. Run it again and only
 * what changed or failed is copied; it never deletes anything on either side (ADR 0043).
 */
export async function copyFilesToBucket(
  root: string,
  bucket: Pick<S3FileStorage, 'put' | 'sizes'>,
  onCopied: (key: string) => void = () => undefined,
): Promise<CopyCounts> {
  const entries = (await readdir(root, { recursive: true })).map(String).sort();
  const inBucket = await bucket.sizes('');
  const counts: CopyCounts = { copied: 0, unchanged: 0, skipped: [] };
  const toCopy: { key: string; file: string }[] = [];
  for (const entry of entries) {
    const file = path.join(root, entry);
    const info = await stat(file);
    if (!info.isFile()) continue;
    const key = entry.split(path.sep).join('/');
    if (TEMP_FILE.test(key) || !isSafeKey(key)) {
      counts.skipped.push(key);
    } else if (inBucket.get(key) === info.size) {
      counts.unchanged += 1;
    } else {
      toCopy.push({ key, file });
    }
  }
  const next = async (): Promise<void> => {
    const item = toCopy.shift();
    if (!item) return;
    await bucket.put(item.key, await readFile(item.file));
    counts.copied += 1;
    onCopied(item.key);
    return next();
  };
  await Promise.all(Array.from({ length: PARALLEL }, next));
  return counts;
}

function isSafeKey(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}
