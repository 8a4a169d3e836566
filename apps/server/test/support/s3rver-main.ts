import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/**
 * The child process support/s3-server.ts starts: s3rver (pinned, tests only) on a random loopback
 * port. Run with --openssl-legacy-provider, because s3rver makes its list continuation tokens with
 * single DES, which OpenSSL 3 keeps only there. Prints `{"port":…}` once listening; stops when its
 * stdin closes (the test process ended or called close), so it never outlives the tests.
 */
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => { run(): Promise<AddressInfo>; close(): Promise<void> };
// CommonJS without types: this is the part of it used here.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) throw new Error('usage: s3rver-main.ts <directory> <bucket>');
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  server.close().finally(() => process.exit(0));
});
