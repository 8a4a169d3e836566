import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { fileReferences } from '../../src/file-references.ts';
import { storedSecret } from '../../src/platform/crypto/secrets.ts';
import { createLocalDiskStorage } from '../../src/platform/storage/file-storage.ts';
import { StoredFiles } from '../../src/platform/storage/stored-files.ts';
import { testFilesRoot } from '../support/app.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

/** StoredFiles as the app makes it, on a pool of its own whose every query is counted. */
async function countedStoredFiles(work: (storedFiles: StoredFiles, queries: () => number) => Promise<void>) {
  const db: Database = createDatabase(database.url);
  let queries = 0;
  db.$client.on('acquire', () => queries++);
  try {
    await work(
      new StoredFiles(db, createLocalDiskStorage(testFilesRoot), storedSecret(db, 'file-urls'), fileReferences),
      () => queries,
    );
  } finally {
    await db.$client.end();
  }
}

const partsOf = (signedUrl: string | null) => {
  const url = new URL(signedUrl ?? '', 'http://app.test');
  return {
    fileId: url.pathname.split('/')[3] ?? '',
    expires: Number(url.searchParams.get('expires')),
    signature: url.searchParams.get('signature') ?? '',
  };
};

describe('the file-URL signing secret', () => {
  it('is read from the database once, however many URLs are signed and checked', async () => {
    await countedStoredFiles(async (storedFiles, queries) => {
      const urls = await Promise.all(Array.from({ length: 200 }, () => storedFiles.signedUrl(randomUUID())));
      for (const url of urls.slice(0, 20)) {
        const { fileId, expires, signature } = partsOf(url);
        expect(await storedFiles.signatureIsValid(fileId, 'original', expires, signature)).toBe(true);
        expect(await storedFiles.signatureIsValid(fileId, 'thumbnail', expires, signature)).toBe(false);
      }
      expect(queries()).toBe(1);
    });
  });

  it('is the same for every instance, so a URL one signed is good at another', async () => {
    let signed: string | null = null;
    await countedStoredFiles(async (storedFiles) => {
      signed = await storedFiles.signedUrl(randomUUID(), 'thumbnail');
    });
    await countedStoredFiles(async (storedFiles) => {
      const { fileId, expires, signature } = partsOf(signed);
      expect(await storedFiles.signatureIsValid(fileId, 'thumbnail', expires, signature)).toBe(true);
    });
  });
});

describe('signed URLs kept until their expiry moves on (ADR 0107)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives each file and variant its own URL, the same each time, valid for that variant only', async () => {
    await countedStoredFiles(async (storedFiles) => {
      const [first, second] = [randomUUID(), randomUUID()];
      const thumbnail = await storedFiles.signedUrl(first, 'thumbnail');
      expect(await storedFiles.signedUrl(first, 'thumbnail')).toBe(thumbnail);
      const sign = await storedFiles.urlSigner('thumbnail');
      expect(sign(first)).toBe(thumbnail);
      expect(sign(null)).toBeNull();

      for (const [fileId, variant] of [
        [first, 'original'],
        [first, 'print'],
        [second, 'thumbnail'],
      ] as const) {
        const url = await storedFiles.signedUrl(fileId, variant);
        expect(url).not.toBe(thumbnail);
        const parts = partsOf(url);
        expect(parts.fileId).toBe(fileId);
        expect(await storedFiles.signatureIsValid(fileId, variant, parts.expires, parts.signature)).toBe(true);
        expect(await storedFiles.signatureIsValid(first, 'thumbnail', parts.expires, parts.signature)).toBe(false);
      }
      const kept = partsOf(thumbnail);
      expect(await storedFiles.signatureIsValid(first, 'thumbnail', kept.expires, kept.signature)).toBe(true);
    });
  });

  it('signs afresh once the hour has moved on, with the later expiry', async () => {
    await countedStoredFiles(async (storedFiles) => {
      const fileId = randomUUID();
      const now = Date.now();
      const before = partsOf(await storedFiles.signedUrl(fileId, 'thumbnail'));
      vi.useFakeTimers({ toFake: ['Date'], now: now + 3_600_000 });
      const after = partsOf(await storedFiles.signedUrl(fileId, 'thumbnail'));
      expect(after.expires).toBe(before.expires + 3_600);
      expect(after.signature).not.toBe(before.signature);
      expect(await storedFiles.signatureIsValid(fileId, 'thumbnail', after.expires, after.signature)).toBe(true);
    });
  });
});
