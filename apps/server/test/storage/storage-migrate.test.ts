import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFilesToBucket } from '../../src/platform/storage/copy-to-bucket.ts';
import { createLocalDiskStorage } from '../../src/platform/storage/file-storage.ts';
import { type S3Server, startS3Server } from '../support/s3-server.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let s3: S3Server;
let dataDir: string;
let filesRoot: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(tmpdir(), 'tradecert-migrate-'));
  filesRoot = path.join(dataDir, 'files');
  // Written by the disk driver itself, as a server on disk left them.
  const disk = createLocalDiskStorage(filesRoot);
  for (let index = 0; index < 9; index += 1) {
    await disk.put(`users/u${index % 3}/${index}.jpg`, Buffer.from(`photo ${index}`));
  }
  await disk.put('pdf-cache/u0/d1/abc.sealed.pdf', Buffer.from('%PDF-1.7 cached'));
  // What a crash mid-write leaves, and a name no driver would make: neither is copied.
  await writeFile(path.join(filesRoot, 'users/u0/0.jpg.0123456789abcdef.tmp'), 'half');
  await mkdir(path.join(filesRoot, 'stray'), { recursive: true });
  await writeFile(path.join(filesRoot, 'stray/notes from ops.txt'), 'not ours');
});
afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** `npm run storage:migrate`'s entry, as that script runs it, with this environment. */
function runMigrate(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/storage-migrate.ts'], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

describe('copying DATA_DIR/files into a bucket (storage:migrate)', () => {
  it('copies every stored file under its key, then nothing the second time, then only what changed', async () => {
    const bucket = s3.storage({ pageSize: 4 });
    const first = await copyFilesToBucket(filesRoot, bucket);
    expect(first).toEqual({
      copied: 10,
      unchanged: 0,
      skipped: ['stray/notes from ops.txt', 'users/u0/0.jpg.0123456789abcdef.tmp'],
    });
    expect((await bucket.read('users/u1/4.jpg'))?.toString()).toBe('photo 4');
    expect((await bucket.read('pdf-cache/u0/d1/abc.sealed.pdf'))?.toString()).toBe('%PDF-1.7 cached');

    expect(await copyFilesToBucket(filesRoot, bucket)).toMatchObject({ copied: 0, unchanged: 10 });

    // A copy cut short (another size) and a key missing from the bucket are copied again.
    await bucket.put('users/u2/5.jpg', Buffer.from('pho'));
    await bucket.remove('users/u0/3.jpg');
    const copied: string[] = [];
    expect(await copyFilesToBucket(filesRoot, bucket, (key) => copied.push(key))).toMatchObject({
      copied: 2,
      unchanged: 8,
    });
    expect(copied.sort()).toEqual(['users/u0/3.jpg', 'users/u2/5.jpg']);
    expect((await bucket.read('users/u2/5.jpg'))?.toString()).toBe('photo 5');
  });

  it('runs as npm run storage:migrate with the server configuration, printing its counts', async () => {
    const run = await runMigrate({ ...s3.env, DATA_DIR: dataDir });
    expect(run.stderr).not.toMatch(/failed/);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('storage:migrate: 0 copied, 10 already in the bucket, 2 skipped');
  });

  it('refuses to run without FILE_STORAGE=s3, or against a bucket that is not there', async () => {
    const withoutBucket = await runMigrate({ DATA_DIR: dataDir });
    expect(withoutBucket.code).toBe(1);
    expect(withoutBucket.stderr).toContain('set FILE_STORAGE=s3');
    const wrongBucket = await runMigrate({ ...s3.env, S3_BUCKET: 'not-this-one', DATA_DIR: dataDir });
    expect(wrongBucket.code).toBe(1);
    expect(wrongBucket.stderr).toMatch(/S3 bucket not-this-one .* is not usable: no such bucket/);
  });
});
