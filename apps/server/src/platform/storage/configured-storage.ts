import path from 'node:path';
import { createLocalDiskStorage, type FileStorage } from './file-storage.ts';
import { createS3Storage, type S3FileStorage, type S3StorageOptions } from './s3-storage.ts';

/** Where files are kept: DATA_DIR/files on disk, or an S3-compatible bucket (ADR 0043). */
export type FileStorageSettings = { driver: 'disk' } | { driver: 's3'; s3: S3StorageOptions };

/**
 * The file store the configuration names (ADR 0043): the bucket, or DATA_DIR/files on disk. The
 * server and the backup command open it the same way. `bucket` is set for S3, to check and close.
 */
export function configuredFileStorage(config: { dataDir: string; fileStorage: FileStorageSettings }): {
  storage: FileStorage;
  bucket: S3FileStorage | undefined;
} {
  if (config.fileStorage.driver === 's3') {
    const bucket = createS3Storage(config.fileStorage.s3);
    return { storage: bucket, bucket };
  }
  return { storage: createLocalDiskStorage(path.join(config.dataDir, 'files')), bucket: undefined };
}
