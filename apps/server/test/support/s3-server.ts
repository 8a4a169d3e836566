import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createS3Storage, type S3FileStorage, type S3StorageOptions } from '../../src/platform/storage/s3-storage.ts';

const childEntry = fileURLToPath(new URL('./s3rver-main.ts', import.meta.url));

export type S3Server = {
  /** e.g. http://127.0.0.1:41234 */
  endpoint: string;
  bucket: string;
  /** What createS3Storage needs to reach the bucket (s3rver's fixed keys, path style). */
  options: S3StorageOptions;
  /** The same, as the server's environment (FILE_STORAGE=s3 and the S3_* variables). */
  env: Record<string, string>;
  /** A driver on the bucket (`overrides`: e.g. a small pageSize), closed with the server. */
  storage(overrides?: Partial<S3StorageOptions>): S3FileStorage;
  close(): Promise<void>;
};

/**
 * A real S3-speaking server (s3rver, pure JS, in a child process: support/s3rver-main.ts) on a
 * random loopback port, keeping its objects in a temp directory, with one empty bucket. Each test
 * file, or each app instance of a test, can start its own; several instances can share one.
 */
export async function startS3Server(bucket = 'tradecert-files'): Promise<S3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'tradecert-s3-'));
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--import', 'tsx', childEntry, directory, bucket],
    {
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening: ${stderr}`)));
  }).catch(async (error: unknown) => {
    await rm(directory, { recursive: true, force: true });
    throw error;
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const options: S3StorageOptions = {
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    timeoutMs: 10_000,
  };
  const drivers: S3FileStorage[] = [];
  return {
    endpoint,
    bucket,
    options,
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    storage(overrides = {}) {
      const driver = createS3Storage({ ...options, ...overrides });
      drivers.push(driver);
      return driver;
    },
    async close() {
      for (const driver of drivers) driver.close();
      if (child.exitCode === null && child.signalCode === null) {
        child.stdin.end();
        await exited;
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A driver on a loopback HTTP server that answers every request with the S3 error `respond` is
 * given (status, code), or never when `answer` returns false without responding: how a full,
 * overloaded or silent bucket looks to the driver.
 */
export async function failingS3(answer: (respond: (status: number, code: string) => void) => boolean | undefined) {
  const server: Server = createServer((request, response) => {
    request.resume();
    answer((status, code) => {
      response
        .writeHead(status, { 'content-type': 'application/xml' })
        .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const storage = createS3Storage({
    bucket: 'b',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'k', secretAccessKey: 's' },
    timeoutMs: 500,
  });
  return {
    storage,
    close: async () => {
      storage.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
