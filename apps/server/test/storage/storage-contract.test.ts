import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DependencyUnavailableError } from '../../src/platform/errors.ts';
import { createLocalDiskStorage, type FileStorage } from '../../src/platform/storage/file-storage.ts';
import { failingS3, type S3Server, startS3Server } from '../support/s3-server.ts';

/** A driver under test: made fresh for the file, torn down after it. */
type Driver = { name: string; start: () => Promise<{ storage: FileStorage; stop: () => Promise<void> }> };

const drivers: Driver[] = [
  {
    name: 'local disk',
    start: async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'tradecert-contract-'));
      return { storage: createLocalDiskStorage(root), stop: () => rm(root, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver on loopback)',
    start: async () => {
      const server = await startS3Server();
      // A small page, so removeAll's listing and batched deletes take several rounds with few keys.
      return { storage: server.storage({ pageSize: 7 }), stop: () => server.close() };
    },
  },
];

const everyByte = Buffer.from(Array.from({ length: 256 }, (_, index) => index));

describe.each(drivers)('the file storage contract: $name', (driver) => {
  let storage: FileStorage;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, stop } = await driver.start());
  });
  afterAll(() => stop());

  it('gives back the bytes it was given, binary and empty alike', async () => {
    const large = Buffer.concat(Array.from({ length: 2048 }, () => everyByte));
    await storage.put('users/u1/binary.jpg', everyByte);
    await storage.put('users/u1/large.jpg', large);
    await storage.put('users/u1/empty.jpg', Buffer.alloc(0));
    // Buffer.equals: a deep equality over half a megabyte, byte by byte, would take seconds.
    expect((await storage.read('users/u1/binary.jpg'))?.equals(everyByte)).toBe(true);
    expect((await storage.read('users/u1/large.jpg'))?.equals(large)).toBe(true);
    expect((await storage.read('users/u1/empty.jpg'))?.length).toBe(0);
  });

  it('answers null for a key it never stored', async () => {
    expect(await storage.read('users/nobody/missing.jpg')).toBeNull();
  });

  it('replaces the bytes of a key written again, also by parallel writers', async () => {
    await storage.put('pdf-cache/o1/d1/f.sealed.pdf', Buffer.from('first'));
    await storage.put('pdf-cache/o1/d1/f.sealed.pdf', Buffer.from('second'));
    expect((await storage.read('pdf-cache/o1/d1/f.sealed.pdf'))?.toString()).toBe('second');
    const versions = Array.from({ length: 8 }, (_, index) => Buffer.from(`version ${index}`));
    await Promise.all(versions.map((bytes) => storage.put('pdf-cache/o1/d1/g.sealed.pdf', bytes)));
    const final = await storage.read('pdf-cache/o1/d1/g.sealed.pdf');
    expect(versions.map(String)).toContain(String(final));
  });

  it('removes one key, and removing a missing key is fine', async () => {
    await storage.put('users/u2/a.jpg', Buffer.from('a'));
    await storage.put('users/u2/a-thumb.webp', Buffer.from('thumb'));
    await storage.remove('users/u2/a.jpg');
    await storage.remove('users/u2/never.jpg');
    expect(await storage.read('users/u2/a.jpg')).toBeNull();
    expect((await storage.read('users/u2/a-thumb.webp'))?.toString()).toBe('thumb');
  });

  it('removes every key under a prefix, over several pages, and nothing beside it', async () => {
    const keys = Array.from({ length: 30 }, (_, index) => `users/u3/${index % 3 === 0 ? 'nested/' : ''}${index}.jpg`);
    await Promise.all(keys.map((key) => storage.put(key, Buffer.from(key))));
    // Siblings that share the prefix's characters but not its folder stay.
    await storage.put('users/u33/kept.jpg', Buffer.from('kept'));
    await storage.put('users/u3.jpg', Buffer.from('kept too'));
    await storage.removeAll('users/u3');
    for (const key of keys) expect(await storage.read(key)).toBeNull();
    expect((await storage.read('users/u33/kept.jpg'))?.toString()).toBe('kept');
    expect((await storage.read('users/u3.jpg'))?.toString()).toBe('kept too');
    await storage.removeAll('users/u3');
    await storage.removeAll('pdf-cache/never-had-any');
  });

  it('refuses keys that are not its own names, before touching anything', async () => {
    const unsafe = [
      '',
      '../escape.jpg',
      'users/../../etc/passwd',
      '/absolute.jpg',
      '.hidden',
      'with space.jpg',
      'a\\b',
    ];
    for (const key of unsafe) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
      await expect(storage.read(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.remove(key)).rejects.toThrow(/unsafe storage key/);
      await expect(storage.removeAll(key)).rejects.toThrow(/unsafe storage key/);
    }
  });
});

describe("the S3 driver's failures, as the API answers them", () => {
  it('reports a full bucket or quota as EDQUOT, which the error handler answers 507', async () => {
    for (const [status, code] of [
      [403, 'QuotaExceeded'],
      [400, 'EntityTooLarge'],
      [507, 'XMinioStorageFull'],
    ] as const) {
      const fake = await failingS3((respond) => {
        respond(status, code);
        return true;
      });
      await expect(fake.storage.put('users/u/a.jpg', Buffer.from('x'))).rejects.toMatchObject({ code: 'EDQUOT' });
      await fake.close();
    }
  });

  it('reports an overloaded, failing, silent or absent server as unavailable (503)', async () => {
    const overloaded = await failingS3((respond) => {
      respond(503, 'SlowDown');
      return true;
    });
    await expect(overloaded.storage.read('users/u/a.jpg')).rejects.toBeInstanceOf(DependencyUnavailableError);
    await overloaded.close();

    const silent = await failingS3(() => false);
    const started = Date.now();
    await expect(silent.storage.put('users/u/a.jpg', Buffer.from('x'))).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    await silent.close();

    const absent = await failingS3(() => false);
    await absent.close();
    await expect(absent.storage.removeAll('users/u')).rejects.toBeInstanceOf(DependencyUnavailableError);
  });

  it('lets other refusals (wrong keys, no such bucket) through as they are: a misconfiguration is a 500', async () => {
    const denied = await failingS3((respond) => {
      respond(403, 'AccessDenied');
      return true;
    });
    const failure = await denied.storage.read('users/u/a.jpg').catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'AccessDenied' });
    expect(failure).not.toBeInstanceOf(DependencyUnavailableError);
    await denied.close();
  });
});

describe('s3rver as the tests start it', () => {
  let server: S3Server;
  beforeAll(async () => {
    server = await startS3Server('another-bucket');
  });
  afterAll(() => server.close());

  it('lists what is stored with its size (what storage:migrate compares)', async () => {
    const storage = server.storage({ pageSize: 2 });
    await storage.put('users/a/1.jpg', Buffer.from('one'));
    await storage.put('users/a/2.jpg', Buffer.from('two!'));
    await storage.put('pdf-cache/a/d/x.pdf', Buffer.from('pdf'));
    expect(await storage.sizes('users/')).toEqual(
      new Map([
        ['users/a/1.jpg', 3],
        ['users/a/2.jpg', 4],
      ]),
    );
    expect((await storage.sizes('')).size).toBe(3);
  });

  it('checks at start that the bucket answers, naming what is wrong when it does not', async () => {
    await expect(server.storage().checkBucket()).resolves.toBeUndefined();
    await expect(server.storage({ bucket: 'no-such-bucket' }).checkBucket()).rejects.toThrow(
      /S3 bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ is not usable: no such bucket/,
    );
  });
});
