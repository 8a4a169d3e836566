import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { DependencyUnavailableError } from '../errors.ts';
import { assertSafeKey, type FileStorage } from './file-storage.ts';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** Where the bucket's server is (MinIO, Garage, B2, s3rver in tests); unset: AWS. */
  endpoint?: string;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>`; most self-hosted servers need it. */
  forcePathStyle?: boolean;
  /** Unset: the SDK's own chain (AWS_* variables, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** One call, its retries and its body included, fails after this long (default 30 s). */
  timeoutMs?: number;
  /** Keys listed, and deleted, per request in removeAll (default and S3's maximum: 1000). */
  pageSize?: number;
};

/** The bucket driver: a FileStorage, plus what `npm run storage:migrate` needs and a way to let go of its sockets. */
export type S3FileStorage = FileStorage & {
  /** Every object's size by key, for keys starting with `prefix` ('' for the whole bucket). */
  sizes(prefix: string): Promise<Map<string, number>>;
  /** Resolves when the bucket answers to these credentials; at start, so a mistake stops the server with its reason. */
  checkBucket(): Promise<void>;
  close(): void;
};

const DEFAULT_TIMEOUT_MS = 30_000;
const MAX_PAGE_SIZE = 1000;

/** A full bucket or an exhausted quota: reported like a full disk (EDQUOT), so it is a 507 (http/errors.ts). */
class BucketFullError extends Error {
  readonly code = 'EDQUOT';
}

// What S3-compatible servers answer when they cannot take more bytes: AWS (EntityTooLarge for one
// object over its limit, QuotaExceeded), MinIO (XMinioStorageFull, XMinioAdminBucketQuotaExceeded),
// and anything answering 507.
const FULL_CODES = new Set([
  'EntityTooLarge',
  'QuotaExceeded',
  'XMinioStorageFull',
  'XMinioAdminBucketQuotaExceeded',
  'InsufficientStorage',
  'StorageFull',
]);
// Answers that say "try again later"; together with any other 5xx, a timeout or a connection failure,
// these are a 503 for the client.
const UNAVAILABLE_CODES = new Set(['ServiceUnavailable', 'SlowDown', 'RequestTimeout', 'InternalError']);

type SdkError = Error & { Code?: string; code?: string; $metadata?: { httpStatusCode?: number } };

/** The driver's errors: full → EDQUOT (507), unreachable or overloaded → 503, anything else (access denied, no such bucket) as it is. */
function storageError(error: unknown, operation: string, key: string): unknown {
  if (!(error instanceof Error)) return error;
  const sdkError = error as SdkError;
  const code = sdkError.Code ?? sdkError.name;
  const status = sdkError.$metadata?.httpStatusCode;
  const where = `S3 ${operation} ${key}`;
  if (FULL_CODES.has(code) || status === 507) {
    return new BucketFullError(`${where}: the bucket is full (${code})`, { cause: error });
  }
  const unreachable =
    error.name === 'AbortError' ||
    error.name === 'TimeoutError' ||
    /^(ECONN|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)/.test(sdkError.code ?? '');
  if (UNAVAILABLE_CODES.has(code) || unreachable || (status !== undefined && status >= 500)) {
    return new DependencyUnavailableError('file storage', `${where}: ${error.message || code}`, { cause: error });
  }
  return error;
}

/**
 * Files in one S3-compatible bucket, under the same keys the disk driver uses (ADR 0043). Every call
 * is bounded by `timeoutMs` (an AbortSignal over the call and its retries) and by the HTTP handler's
 * connection and socket timeouts. Checksums only where the API requires them: MinIO, Garage and B2
 * refuse the SDK's newer default ones.
 */
export function createS3Storage(options: S3StorageOptions): S3FileStorage {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pageSize = Math.min(options.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
    credentials: options.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: Math.min(5_000, timeoutMs),
      requestTimeout: timeoutMs,
      throwOnRequestTimeout: true,
    },
  });
  const Bucket = options.bucket;

  /** Runs one call under the time bound; `work` gets the signal for its request and its body. */
  const bounded = async <T>(operation: string, key: string, work: (signal: AbortSignal) => Promise<T>) => {
    try {
      return await work(AbortSignal.timeout(timeoutMs));
    } catch (error) {
      throw storageError(error, operation, key);
    }
  };

  /** Every key under `prefix` with its size, a page (ListObjectsV2) at a time. */
  async function* listed(prefix: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await bounded('list', prefix, (abortSignal) =>
        client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: pageSize, ContinuationToken }), {
          abortSignal,
        }),
      );
      yield (page.Contents ?? []).flatMap((object) =>
        object.Key === undefined ? [] : [{ key: object.Key, size: object.Size ?? 0 }],
      );
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    async put(key, data) {
      assertSafeKey(key);
      // One PUT is atomic: a reader sees the old bytes or the new, never half a file.
      await bounded('put', key, (abortSignal) =>
        client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentLength: data.length }), {
          abortSignal,
        }),
      );
    },
    async read(key) {
      assertSafeKey(key);
      return bounded('read', key, async (abortSignal) => {
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }), { abortSignal });
          if (!answer.Body) return Buffer.alloc(0);
          return Buffer.from(await answer.Body.transformToByteArray());
        } catch (error) {
          if (error instanceof Error && error.name === 'NoSuchKey') return null;
          throw error;
        }
      });
    },
    async remove(key) {
      assertSafeKey(key);
      // Deleting a missing key is not an error in S3, as `rm --force` is not on disk.
      await bounded('remove', key, (abortSignal) =>
        client.send(new DeleteObjectCommand({ Bucket, Key: key }), { abortSignal }),
      );
    },
    async removeAll(prefix) {
      assertSafeKey(prefix);
      // Each listed page is deleted before the next is asked for: the listing never sees what is gone.
      for await (const page of listed(`${prefix.replace(/\/+$/, '')}/`)) {
        if (page.length === 0) continue;
        const answer = await bounded('removeAll', prefix, (abortSignal) =>
          client.send(
            new DeleteObjectsCommand({
              Bucket,
              Delete: { Objects: page.map(({ key }) => ({ Key: key })), Quiet: true },
            }),
            { abortSignal },
          ),
        );
        const failed = answer.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0];
          throw new Error(
            `S3 removeAll ${prefix}: ${failed.length} object(s) not deleted (first: ${first?.Key} ${first?.Code} ${first?.Message})`,
          );
        }
      }
    },
    async sizes(prefix) {
      const sizes = new Map<string, number>();
      for await (const page of listed(prefix)) for (const { key, size } of page) sizes.set(key, size);
      return sizes;
    },
    async checkBucket() {
      try {
        await bounded('check', Bucket, (abortSignal) =>
          client.send(new HeadBucketCommand({ Bucket }), { abortSignal }),
        );
      } catch (error) {
        // HEAD answers carry no error body: the status is all there is to say.
        const status = (error as SdkError).$metadata?.httpStatusCode;
        const reason = status === 404 ? 'no such bucket' : status === 403 ? 'access denied' : (error as Error).message;
        throw new Error(
          `S3 bucket ${Bucket} at ${options.endpoint ?? `AWS ${options.region}`} is not usable: ${reason || status}`,
          { cause: error },
        );
      }
    },
    close() {
      client.destroy();
    },
  };
}
