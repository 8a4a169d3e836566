import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Session } from '@app/contract';
import { rateLimits } from '@app/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { fileReferences } from '../../src/file-references.ts';
import { createLocalDiskStorage } from '../../src/platform/storage/file-storage.ts';
import { cleanUpOrphanUploads } from '../../src/platform/storage/orphan-uploads.ts';
import { buildTestApp, setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody } from '../support/certificates.ts';
import { type FullDisk, fullDisk } from '../support/full-disk.ts';
import { uploadFile } from '../support/multipart.ts';
import { untilRefused } from '../support/rate-limits.ts';
import { errorOf } from '../support/responses.ts';

let filesRoot: string;
let alice: Session;

const uploadTo = (target: App, session: Session, url: string, image: Buffer, contentType = 'image/jpeg') =>
  uploadFile(target, session, { method: url.includes('photos') ? 'POST' : 'PUT', url }, image, { contentType });
const uploadPhoto = (session: Session, image: Buffer, target = app) =>
  uploadTo(target, session, '/api/certificates/photos', image);

const jpegOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#8899aa' } })
    .jpeg()
    .toBuffer();

/** Every path under `root`, relative to it. */
const treeOf = async (root: string) => (await readdir(root, { recursive: true })).map(String);

beforeAll(async () => {
  filesRoot = await mkdtemp(path.join(tmpdir(), 'tradecert-uploads-'));
});
afterAll(() => rm(filesRoot, { recursive: true, force: true }));

const { database, mail, app, query } = setUpTestApp(() => ({
  fileStorage: createLocalDiskStorage(path.join(filesRoot, 'files')),
}));

beforeAll(async () => {
  alice = await registerConfirmedUser(app, mail);
});

describe('image decoding budget', () => {
  it('refuses an image over 50 megapixels from its header, with a 422 that says what to do', async () => {
    // 60 MP of one colour: a few hundred KB of PNG that would need 180 MB to decode.
    const bomb = await sharp({ create: { width: 10_000, height: 6000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const response = await uploadPhoto(alice, bomb);
    expect(response.statusCode).toBe(422);
    expect(errorOf(response)).toEqual({
      code: 'unprocessable',
      message: 'This image is too large (over 50 megapixels). Resize it and try again.',
    });
  });

  it('still takes a 48 MP phone photo, stored at 2048 px with a 400 px thumbnail', async () => {
    const response = await uploadPhoto(alice, await jpegOf(8000, 6000));
    expect(response.statusCode).toBe(201);
    const { rows } = await query('select width, height from files where id = $1', [response.json().file_id]);
    expect(rows[0]).toEqual({ width: 2048, height: 1536 });
    const thumbnail = await app.inject({ url: response.json().thumbnail_url });
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(400);
  });
});

describe('photo metadata', () => {
  it('stores a photo upright and without its EXIF: GPS never reaches a share link (ADR 0039)', async () => {
    // A portrait phone photo stored sideways with its orientation tag, where and when it was taken.
    const phonePhoto = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#8899aa' } })
      .withExif({
        IFD0: { Make: 'Phone' },
        IFD2: { DateTimeOriginal: '2026:11:20 08:15:30' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '16/1 55/1 12/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '145/1 46/1 12/1',
        },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(phonePhoto).metadata()).exif).toBeDefined();
    const response = await uploadPhoto(alice, phonePhoto);
    expect(response.statusCode).toBe(201);
    const stored = await app.inject({ url: response.json().url });
    const metadata = await sharp(stored.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height, metadata.orientation ?? 1]).toEqual([300, 400, 1]);
  });
});

describe('stored files', () => {
  it('keeps directories 0700 and files 0600, closing a root an older version left open', async () => {
    const root = path.join(filesRoot, 'modes');
    await mkdir(root);
    await chmod(root, 0o755);
    const modesApp = await buildTestApp(database.db, {
      mailer: mail.mailer,
      fileStorage: createLocalDiskStorage(root),
    });
    try {
      expect((await uploadPhoto(alice, await jpegOf(64, 48), modesApp)).statusCode).toBe(201);
    } finally {
      await modesApp.close();
    }
    expect((await stat(root)).mode & 0o777).toBe(0o700);
    const entries = await treeOf(root);
    expect(entries.filter((entry) => /\.(jpg|webp)$/.test(entry))).toHaveLength(3);
    for (const entry of entries) {
      const info = await stat(path.join(root, entry));
      expect({ entry, mode: info.mode & 0o777 }).toEqual({ entry, mode: info.isDirectory() ? 0o700 : 0o600 });
    }
  });

  it('lets many writers of one key finish at once, leaving no temp file', async () => {
    const root = path.join(filesRoot, 'race');
    const storage = createLocalDiskStorage(root);
    const contents = Array.from({ length: 50 }, (_, index) => Buffer.from(`version ${index}`));
    await Promise.all(contents.map((data) => storage.put('pdf-cache/same.pdf', data)));
    expect(contents.map(String)).toContain(String(await storage.read('pdf-cache/same.pdf')));
    expect(await treeOf(root)).toEqual(['pdf-cache', path.join('pdf-cache', 'same.pdf')]);
  });
});

describe('a full disk', () => {
  let disk: FullDisk | null;
  beforeAll(async () => {
    disk = await fullDisk();
  });
  afterAll(() => disk?.close());

  it('answers an upload with 507 in the error shape and leaves no temp file', async (context) => {
    if (!disk) return context.skip('unprivileged user namespaces are not available here');
    const onFullDisk = await buildTestApp(database.db, {
      mailer: mail.mailer,
      fileStorage: createLocalDiskStorage(disk.root),
    });
    try {
      const filesBefore = await query('select count(*)::int as n from files where user_id = $1', [alice.user.id]);
      const response = await uploadPhoto(alice, await jpegOf(640, 480), onFullDisk);
      expect(response.statusCode).toBe(507);
      expect(errorOf(response)).toEqual({
        code: 'insufficient_storage',
        message: 'The server is out of storage space. Please try again later.',
      });
      expect((await treeOf(disk.root)).filter((entry) => entry.endsWith('.tmp'))).toEqual([]);
      const filesAfter = await query('select count(*)::int as n from files where user_id = $1', [alice.user.id]);
      expect(filesAfter.rows[0].n).toBe(filesBefore.rows[0].n);
    } finally {
      await onFullDisk.close();
    }
  });
});

describe('upload rate limit', () => {
  // Not multipart: refused with 415 after the limit is counted, so the test decodes nothing.
  const emptyUpload = (session: Session, method: 'POST' | 'PUT', url: string) => () =>
    app.inject({ method, url, headers: bearer(session), payload: {} });

  it('lets a crew upload 30 photos in a row, then refuses a flood with 429 and Retry-After', async () => {
    const crew = await registerConfirmedUser(app, mail, undefined, { issuer: false });
    const photo = await jpegOf(640, 480);
    for (let index = 0; index < 30; index++) expect((await uploadPhoto(crew, photo)).statusCode).toBe(201);

    const left = { ...rateLimits.upload, limit: rateLimits.upload.limit - 30 };
    const { refused } = await untilRefused(left, emptyUpload(crew, 'POST', '/api/certificates/photos'));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(refused)).toEqual({
      code: 'over_request_rate_limit',
      message: `Too many requests: please wait ${refused.headers['retry-after']} seconds and try again.`,
    });
    // The budget is the user's, so a logo upload is refused too; another user is not affected.
    expect((await emptyUpload(crew, 'PUT', '/api/profile/logo')()).statusCode).toBe(429);
    expect((await uploadPhoto(alice, photo)).statusCode).toBe(201);
  });

  it('limits logo and signature uploads', async () => {
    const owner = await registerConfirmedUser(app, mail, undefined, { issuer: false });
    const { refused } = await untilRefused(rateLimits.upload, emptyUpload(owner, 'PUT', '/api/profile/signature'));
    expect(errorOf(refused).code).toBe('over_request_rate_limit');
  });
});

describe('cleanUpOrphanUploads', () => {
  it('deletes old uploads nothing refers to, with their bytes, and keeps fresh or attached ones', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const photoId = async () => (await uploadPhoto(owner, await jpegOf(64, 48))).json().file_id as string;
    const logoId = async () => {
      const logo = await sharp({ create: { width: 60, height: 30, channels: 4, background: '#0f766e' } })
        .png()
        .toBuffer();
      const profile = (await uploadTo(app, owner, '/api/profile/logo', logo, 'image/png')).json();
      return String(profile.logo_url).split('/')[3]?.split('?')[0] as string;
    };
    const freshOrphan = await photoId();
    const oldOrphan = await photoId();
    const attached = await photoId();
    const frozenLogo = await logoId();
    const created = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: bearer(owner),
      payload: completedCertificateBody(owner, { photos: [{ file_id: attached, caption: 'After' }] }),
    });
    expect(created.statusCode).toBe(201);
    // The completed certificate keeps the first logo; the profile now shows a second one.
    const profileLogo = await logoId();

    const old = [oldOrphan, attached, frozenLogo, profileLogo];
    await query(`update files set created_at = now() - interval '8 days' where id = any($1::uuid[])`, [old]);
    const { rows: before } = await query('select id, storage_key from files where id = $1', [oldOrphan]);
    const orphanBytes = path.join(filesRoot, 'files', before[0].storage_key);
    expect(existsSync(orphanBytes)).toBe(true);

    const storage = createLocalDiskStorage(path.join(filesRoot, 'files'));
    expect(await cleanUpOrphanUploads(database.db, storage, fileReferences, new Date())).toEqual({ deleted: 1 });

    const { rows } = await query('select id from files where user_id = $1', [owner.user.id]);
    // The signature the certificate's issuer signs with (ADR 0065) is referred to as well.
    const { rows: profile } = await query('select signature_file_id from profiles where id = $1', [owner.user.id]);
    expect(rows.map((row) => row.id).sort()).toEqual(
      [freshOrphan, attached, frozenLogo, profileLogo, profile[0].signature_file_id].sort(),
    );
    expect(existsSync(orphanBytes)).toBe(false);
    const thumbnailsLeft = (await treeOf(path.join(filesRoot, 'files'))).filter((entry) => entry.includes(oldOrphan));
    expect(thumbnailsLeft).toEqual([]);
    const { rows: kept } = await query('select storage_key from files where id = $1', [attached]);
    expect(await readFile(path.join(filesRoot, 'files', kept[0].storage_key))).toBeTruthy();
    expect(await cleanUpOrphanUploads(database.db, storage, fileReferences, new Date())).toEqual({ deleted: 0 });
  });

  it("knows every column that refers to a stored file: one missing from the features' references fails here", async () => {
    const covered = new Set(fileReferences.flatMap((source) => source.columns));
    // Columns with a foreign key to files.
    const { rows: keyed } = await query(`
      select c.conrelid::regclass::text || '.' || a.attname as "column"
        from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
       where c.contype = 'f' and c.confrelid = 'files'::regclass`);
    expect(keyed.length).toBeGreaterThan(0);
    expect(keyed.map((row) => row.column).filter((column) => !covered.has(column))).toEqual([]);
    // JSON columns that hold a file id in the rows the test above made (photos, the frozen applicator block).
    const { rows: jsonColumns } = await query(`
      select table_name || '.' || column_name as "column", table_name, column_name from information_schema.columns
       where table_schema = 'public' and data_type = 'jsonb'`);
    const holdingFileIds: string[] = [];
    for (const { column, table_name, column_name } of jsonColumns) {
      const { rows } = await query(
        `select exists (select 1 from "${table_name}" where "${column_name}"::text ~ '"[a-z_]*file_id"') as holds`,
      );
      if (rows[0].holds) holdingFileIds.push(column);
    }
    expect(holdingFileIds).toEqual(expect.arrayContaining(['certificates.photos', 'certificates.applicator']));
    expect(holdingFileIds.filter((column) => !covered.has(column))).toEqual([]);
    // And every column named there exists.
    for (const column of covered) {
      const [table, name] = column.split('.');
      const { rowCount } = await query(
        'select 1 from information_schema.columns where table_schema = $1 and table_name = $2 and column_name = $3',
        ['public', table, name],
      );
      expect(rowCount, column).toBe(1);
    }
  });
});
