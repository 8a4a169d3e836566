import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from './config.ts';
import { copyFilesToBucket } from './platform/storage/copy-to-bucket.ts';
import { createS3Storage } from './platform/storage/s3-storage.ts';

/**
 * `npm run storage:migrate`: copies DATA_DIR/files into the bucket that FILE_STORAGE=s3 and the
 * S3_* variables name, with the server's own configuration; idempotent (ADR 0043). Prints what it
 * did; exits 1 on any failure (run it again: what is already copied is skipped).
 */
async function main(): Promise<number> {
  const config = loadConfigOrExit();
  if (config.fileStorage.driver !== 's3') {
    process.stderr.write(
      'storage:migrate copies DATA_DIR/files into a bucket: set FILE_STORAGE=s3 and the S3_* variables\n',
    );
    return 1;
  }
  const root = path.join(config.dataDir, 'files');
  if (!existsSync(root)) {
    process.stderr.write(`storage:migrate: ${root} does not exist: nothing to copy (is DATA_DIR right?)\n`);
    return 1;
  }
  const bucket = createS3Storage(config.fileStorage.s3);
  try {
    await bucket.checkBucket();
    process.stdout.write(`storage:migrate: copying ${root} into bucket ${config.fileStorage.s3.bucket}\n`);
    let copied = 0;
    const counts = await copyFilesToBucket(root, bucket, () => {
      copied += 1;
      if (copied % 500 === 0) process.stdout.write(`  ${copied} copied so far\n`);
    });
    for (const key of counts.skipped) process.stdout.write(`  skipped (not a stored file): ${key}\n`);
    process.stdout.write(
      `storage:migrate: ${counts.copied} copied, ${counts.unchanged} already in the bucket, ${counts.skipped.length} skipped\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`storage:migrate failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    bucket.close();
  }
}

process.exitCode = await main();
