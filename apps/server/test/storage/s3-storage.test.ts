import { ACCOUNT_DELETION_CONFIRMATION, type Session } from '@app/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileReferences } from '../../src/file-references.ts';
import { cleanUpOrphanUploads } from '../../src/platform/storage/orphan-uploads.ts';
import type { S3FileStorage } from '../../src/platform/storage/s3-storage.ts';
import { buildTestApp, setUpTestApp } from '../support/app.ts';
import { bearer, GOOD_PASSWORD, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody } from '../support/certificates.ts';
import { uploadFile } from '../support/multipart.ts';
import { errorOf } from '../support/responses.ts';
import { failingS3, type S3Server, startS3Server } from '../support/s3-server.ts';
import { businessIdOf } from '../support/teams.ts';

// The app with FILE_STORAGE=s3's driver on a real S3-speaking server (s3rver on loopback, ADR 0043).
let s3: S3Server;
let bucket: S3FileStorage;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = s3.storage();
});
afterAll(() => s3?.close());

const { app, mail, database } = setUpTestApp(() => ({ fileStorage: s3.storage({ pageSize: 2 }) }));

const post = (url: string, session: Session, payload: object) =>
  app.inject({ method: 'POST', url, headers: bearer(session), payload });

const pngPhoto = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#557799' } })
    .png()
    .toBuffer();

async function uploadPhoto(session: Session): Promise<string> {
  const response = await uploadFile(
    app,
    session,
    { method: 'POST', url: '/api/certificates/photos' },
    await pngPhoto(),
    {
      filename: 'photo.png',
      contentType: 'image/png',
    },
  );
  expect(response.statusCode).toBe(201);
  return response.json().file_id;
}

/** Where a person's business keeps its uploads and its cached PDFs (ADR 0077). */
const uploadsOf = async (session: Session) => `businesses/${await businessIdOf(database.db, session.user.id)}`;
const pdfCacheOf = async (session: Session) => `pdf-cache/${await businessIdOf(database.db, session.user.id)}`;

/** Keys in the bucket under `prefix/`. */
const keysUnder = async (prefix: string) => [...(await bucket.sizes(`${prefix}/`)).keys()];

async function untilEmpty(prefix: string) {
  const deadline = Date.now() + 15_000;
  while ((await keysUnder(prefix)).length > 0) {
    if (Date.now() > deadline) throw new Error(`${prefix}/ still holds ${await keysUnder(prefix)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A user with a photo on an issued certificate whose PDF has been downloaded (so cached). */
async function userWithPhotoAndPdf() {
  const session = await registerConfirmedUser(app, mail);
  const photoId = await uploadPhoto(session);
  const certificate = await post(
    '/api/certificates',
    session,
    completedCertificateBody(session, { photos: [{ file_id: photoId, caption: 'before' }] }),
  );
  expect(certificate.statusCode).toBe(201);
  const pdf = await app.inject({ url: `/api/certificates/${certificate.json().id}/pdf`, headers: bearer(session) });
  expect(pdf.statusCode).toBe(200);
  return { session, photoId, certificateId: certificate.json().id as string, pdf: pdf.rawPayload };
}

describe('FILE_STORAGE=s3 through the app', () => {
  it('keeps uploads in the bucket and serves them with the same authorisation as on disk', async () => {
    const { session, photoId } = await userWithPhotoAndPdf();
    // The original, its thumbnail and its print copy, of the photo and of the issuer's signature.
    expect(await keysUnder(await uploadsOf(session))).toHaveLength(6);
    const own = await app.inject({ url: `/api/files/${photoId}`, headers: bearer(session) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toMatch(/^image\//);
    expect((await sharp(own.rawPayload).metadata()).width).toBe(64);
    const thumbnail = await app.inject({ url: `/api/files/${photoId}/thumbnail`, headers: bearer(session) });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    // Nobody else's token, and no token, opens it: the bucket is never exposed.
    const stranger = await registerConfirmedUser(app, mail);
    expect((await app.inject({ url: `/api/files/${photoId}`, headers: bearer(stranger) })).statusCode).toBe(404);
    expect((await app.inject({ url: `/api/files/${photoId}` })).statusCode).not.toBe(200);
  });

  it('caches a PDF in the bucket and serves the cached bytes the next time', async () => {
    const { session, certificateId, pdf } = await userWithPhotoAndPdf();
    const cache = await pdfCacheOf(session);
    const cached = await keysUnder(cache);
    expect(cached).toEqual([expect.stringMatching(new RegExp(`^${cache}/${certificateId}/.+\\.sealed\\.pdf$`))]);
    const again = await app.inject({ url: `/api/certificates/${certificateId}/pdf`, headers: bearer(session) });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(pdf)).toBe(true);
    expect((await bucket.read(cached[0] ?? ''))?.equals(pdf)).toBe(true);
  });

  it("removes every object of a deleted account, and leaves another user's alone", async () => {
    const leaving = await userWithPhotoAndPdf();
    const staying = await userWithPhotoAndPdf();
    // More objects than the app's driver lists in one page (2), so removeAll pages through.
    await uploadPhoto(leaving.session);
    const [uploads, cache] = [await uploadsOf(leaving.session), await pdfCacheOf(leaving.session)];
    expect((await keysUnder(uploads)).length).toBe(9);
    const response = await post('/api/account/delete', leaving.session, {
      confirmation: ACCOUNT_DELETION_CONFIRMATION,
      current_password: GOOD_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    await untilEmpty(uploads);
    await untilEmpty(cache);
    expect(await keysUnder(await uploadsOf(staying.session))).toHaveLength(6);
    expect(await keysUnder(await pdfCacheOf(staying.session))).toHaveLength(1);
  });

  it("sweeps an abandoned upload's objects out of the bucket", async () => {
    const session = await registerConfirmedUser(app, mail, undefined, { issuer: false });
    const kept = await userWithPhotoAndPdf();
    await uploadPhoto(session);
    expect(await keysUnder(await uploadsOf(session))).toHaveLength(3);
    const aWeekAndADayLater = new Date(Date.now() + 8 * 24 * 3600 * 1000);
    const { deleted } = await cleanUpOrphanUploads(database.db, bucket, fileReferences, aWeekAndADayLater);
    expect(deleted).toBeGreaterThanOrEqual(1);
    expect(await keysUnder(await uploadsOf(session))).toHaveLength(0);
    // A photo on a certificate, and the profile's signature, are referenced: they stay.
    expect(await keysUnder(await uploadsOf(kept.session))).toHaveLength(6);
  });
});

describe('a full or unreachable bucket, as the API answers it', () => {
  it('answers an upload with 507 when the bucket is full, and 503 with Retry-After when it does not answer', async () => {
    const session = await registerConfirmedUser(app, mail);
    const photo = await pngPhoto();
    const cases = [
      { respond: 'QuotaExceeded', status: 507, code: 'insufficient_storage' },
      { respond: 'SlowDown', status: 503, code: 'service_unavailable' },
    ] as const;
    for (const expected of cases) {
      const bucketServer = await failingS3((respond) => {
        respond(expected.respond === 'QuotaExceeded' ? 403 : 503, expected.respond);
        return true;
      });
      const onThatBucket = await buildTestApp(database.db, { mailer: mail.mailer, fileStorage: bucketServer.storage });
      try {
        const response = await uploadFile(
          onThatBucket,
          session,
          { method: 'POST', url: '/api/certificates/photos' },
          photo,
          {
            filename: 'photo.png',
            contentType: 'image/png',
          },
        );
        expect(response.statusCode).toBe(expected.status);
        expect(errorOf(response).code).toBe(expected.code);
        if (expected.status === 503) expect(response.headers['retry-after']).toBe('5');
      } finally {
        await onThatBucket.close();
        await bucketServer.close();
      }
    }
  });
});
