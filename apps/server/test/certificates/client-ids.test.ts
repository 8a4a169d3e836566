import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { CERTIFICATE_DELETED_ELSEWHERE_MESSAGE, CLIENT_ID_TAKEN_MESSAGE, type Session } from '@app/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { membershipOf } from '../../src/platform/accounts/memberships.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { multipartBody, uploadFile } from '../support/multipart.ts';
import { errorOf } from '../support/responses.ts';
import { signByEmail } from '../support/signing.ts';

/*
 * Issue 23, "synced exactly once": the offline outbox gives each record it creates an id of its
 * own, so a create or an upload sent again after its answer was lost answers what the first one
 * made. Nothing is made, stored or counted twice.
 */

let now = new Date('2026-11-20T02:00:00Z');
const { database, mail, app, query } = setUpTestApp({ clock: () => now });

let origin = '';
beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test app is not listening');
  origin = `127.0.0.1:${address.port}`;
});

const create = (session: Session, body: object) =>
  app.inject({ method: 'POST', url: '/api/certificates', headers: bearer(session), payload: body });

const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#b45309' } })
    .jpeg()
    .toBuffer();

const uploadPhoto = async (session: Session, id: string) =>
  uploadFile(app, session, { method: 'POST', url: `/api/certificates/photos?id=${id}` }, await jpeg());

const countOf = async (sql: string, values: unknown[]) => Number((await query(sql, values)).rows[0].count);

/**
 * Sends a whole HTTP request over a real socket and hangs up as the answer starts to arrive: the
 * server did the work, and the client never reads what it said, as on a phone that lost signal
 * while the answer was on its way.
 */
async function sendAndDropTheAnswer(method: string, path: string, headers: Record<string, string>, body: Buffer) {
  const [host, port] = origin.split(':') as [string, string];
  const head = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${origin}`,
    `Content-Length: ${body.length}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  await new Promise<void>((resolve, reject) => {
    const socket = connect(Number(port), host, () =>
      socket.write(Buffer.concat([Buffer.from(`${head}\r\n\r\n`), body])),
    );
    socket.once('data', () => {
      socket.destroy();
      resolve();
    });
    socket.on('error', reject);
  });
}

describe('a create sent again with its client-made id', () => {
  it('answers the certificate the first one made, after the first answer was dropped on the wire', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const id = randomUUID();
    const body = completedCertificateBody(owner, { id });
    await sendAndDropTheAnswer(
      'POST',
      '/api/certificates',
      { ...bearer(owner), 'Content-Type': 'application/json' },
      Buffer.from(JSON.stringify(body)),
    );
    expect(await countOf('select count(*) from certificates where id = $1', [id])).toBe(1);

    const retried = await create(owner, body);
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toMatchObject({ id, status: 'completed', job_site_address: body.job_site_address });
    expect(await countOf('select count(*) from certificates where user_id = $1', [owner.user.id])).toBe(1);
    const usage = (await app.inject({ url: '/api/certificates/usage', headers: bearer(owner) })).json();
    expect(usage.completed).toBe(1);
  });

  it('makes one certificate of three copies sent at once, and counts it once', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const id = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => create(owner, completedCertificateBody(owner, { id }))));
    expect(answers.map((answer) => [answer.statusCode, answer.json().id])).toEqual([
      [201, id],
      [201, id],
      [201, id],
    ]);
    expect(await countOf('select count(*) from certificates where user_id = $1', [owner.user.id])).toBe(1);
    expect(
      await countOf(
        `select coalesce(sum(count), 0) as count from monthly_certificate_counts where business_id = (select business_id from memberships where user_id = $1)`,
        [owner.user.id],
      ),
    ).toBe(1);
  });

  it("refuses another user's id with 409 and shows nothing of theirs", async () => {
    const [alice, mallory] = [await registerConfirmedUser(app, mail), await registerConfirmedUser(app, mail)];
    const id = randomUUID();
    expect((await create(alice, completedCertificateBody(alice, { id }))).statusCode).toBe(201);
    const taken = await create(mallory, completedCertificateBody(mallory, { id, job_site_address: '1 Other St' }));
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toMatchObject({ code: 'conflict', message: CLIENT_ID_TAKEN_MESSAGE });
    expect(taken.body).not.toContain('Harbour');
    const aliceCopy = await app.inject({ url: `/api/certificates/${id}`, headers: bearer(alice) });
    expect(aliceCopy.json().job_site_address).toBe('12 Harbour St, Sydney NSW 2000');
  });

  it('keeps nothing of a create refused at the monthly limit, so the same id goes through next month', async () => {
    now = new Date('2026-11-20T02:00:00Z');
    const owner = await registerConfirmedUser(app, mail);
    for (let i = 0; i < 5; i += 1) expect((await create(owner, completedCertificateBody(owner))).statusCode).toBe(201);
    const id = randomUUID();
    const refused = await create(owner, completedCertificateBody(owner, { id }));
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('monthly_limit_reached');
    expect(await countOf('select count(*) from certificates where id = $1', [id])).toBe(0);

    now = new Date('2026-12-02T02:00:00Z');
    const nextMonth = await create(owner, completedCertificateBody(owner, { id }));
    expect(nextMonth.statusCode).toBe(201);
    expect(nextMonth.json().id).toBe(id);
  });

  it('refuses an id that is not a UUID as a validation error', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const response = await create(owner, completedCertificateBody(owner, { id: 'not-a-uuid' }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('validation_failed');
  });
});

describe('a photo uploaded again with its client-made id', () => {
  it('answers the photo stored the first time, after the first answer was dropped on the wire', async () => {
    const owner = await registerConfirmedUser(app, mail, undefined, { issuer: false });
    const id = randomUUID();
    const upload = multipartBody(await jpeg(), 'site.jpg', 'image/jpeg');
    await sendAndDropTheAnswer(
      'POST',
      `/api/certificates/photos?id=${id}`,
      { ...bearer(owner), 'Content-Type': upload.headers['content-type'] },
      upload.payload,
    );
    expect(await countOf('select count(*) from files where id = $1', [id])).toBe(1);

    const retried = await uploadPhoto(owner, id);
    expect(retried.statusCode).toBe(201);
    expect(retried.json().file_id).toBe(id);
    expect(await countOf('select count(*) from files where user_id = $1', [owner.user.id])).toBe(1);
  });

  it('stores one photo of three copies sent at once, and keeps the bytes its row names', async () => {
    const owner = await registerConfirmedUser(app, mail, undefined, { issuer: false });
    const id = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => uploadPhoto(owner, id)));
    expect(answers.map((answer) => [answer.statusCode, answer.json().file_id])).toEqual([
      [201, id],
      [201, id],
      [201, id],
    ]);
    expect(await countOf('select count(*) from files where user_id = $1', [owner.user.id])).toBe(1);
    const bytes = await app.inject({ url: `/api/files/${id}`, headers: bearer(owner) });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/jpeg');
  });

  it("refuses another user's photo id, and a logo's id as a photo's, with 409", async () => {
    const [alice, mallory] = [await registerConfirmedUser(app, mail), await registerConfirmedUser(app, mail)];
    const id = randomUUID();
    expect((await uploadPhoto(alice, id)).statusCode).toBe(201);
    const taken = await uploadPhoto(mallory, id);
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).message).toBe(CLIENT_ID_TAKEN_MESSAGE);
    expect(taken.body).not.toContain('/api/files/');

    const logo = await uploadFile(app, alice, { method: 'PUT', url: '/api/profile/logo' }, await jpeg());
    const logoId = String(logo.json().logo_url).split('/')[3]?.split('?')[0] as string;
    const reused = await uploadPhoto(alice, logoId);
    expect(reused.statusCode).toBe(409);
  });
});

describe('a create sent again for a certificate deleted since (deleted stays deleted)', () => {
  const premiumUser = async () => {
    const owner = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, owner.user.id);
    return owner;
  };
  const listedIds = async (session: Session) =>
    (
      (await app.inject({ url: '/api/certificates', headers: bearer(session) })).json().items as Array<{ id: string }>
    ).map((item) => item.id);

  it('answers 410 record_deleted to the replayed create and photo upload, and brings nothing back', async () => {
    const owner = await premiumUser();
    const [id, photoId] = [randomUUID(), randomUUID()];
    expect((await uploadPhoto(owner, photoId)).statusCode).toBe(201);
    const body = completedCertificateBody(owner, { id, photos: [{ file_id: photoId, caption: '' }] });
    expect((await create(owner, body)).statusCode).toBe(201);
    const deleted = await app.inject({ method: 'DELETE', url: `/api/certificates/${id}`, headers: bearer(owner) });
    expect(deleted.statusCode).toBe(200);

    // Another phone's outbox sends what it made offline again: the photo's upload, then the create.
    const photoAgain = await uploadPhoto(owner, photoId);
    expect(photoAgain.statusCode).toBe(410);
    expect(errorOf(photoAgain)).toEqual({ code: 'record_deleted', message: CERTIFICATE_DELETED_ELSEWHERE_MESSAGE });
    const replayed = await create(owner, body);
    expect(replayed.statusCode).toBe(410);
    expect(errorOf(replayed)).toEqual({ code: 'record_deleted', message: CERTIFICATE_DELETED_ELSEWHERE_MESSAGE });
    const draftReplayed = await create(owner, { ...body, status: 'draft', photos: [] });
    expect(draftReplayed.statusCode).toBe(410);

    expect(await listedIds(owner)).not.toContain(id);
    expect((await app.inject({ url: `/api/certificates/${id}`, headers: bearer(owner) })).statusCode).toBe(404);
    expect(await countOf('select count(*) from certificates where id = $1', [id])).toBe(0);
    expect(await countOf('select count(*) from files where id = $1', [photoId])).toBe(0);
    const usage = (await app.inject({ url: '/api/certificates/usage', headers: bearer(owner) })).json();
    expect(usage.completed).toBe(0);

    // A fresh client id still makes a certificate.
    const fresh = randomUUID();
    const made = await create(owner, completedCertificateBody(owner, { id: fresh }));
    expect(made.statusCode).toBe(201);
    expect(await listedIds(owner)).toEqual([fresh]);
  });

  it("answers 409 to another user sending a deleted certificate's id, saying nothing of it", async () => {
    const [alice, mallory] = [await premiumUser(), await registerConfirmedUser(app, mail)];
    const id = randomUUID();
    expect((await create(alice, completedCertificateBody(alice, { id }))).statusCode).toBe(201);
    await app.inject({ method: 'DELETE', url: `/api/certificates/${id}`, headers: bearer(alice) });
    const taken = await create(mallory, completedCertificateBody(mallory, { id }));
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toEqual({ code: 'conflict', message: CLIENT_ID_TAKEN_MESSAGE });
    expect(await countOf('select count(*) from certificates where id = $1', [id])).toBe(0);
  });

  it('answers 410 to a replayed create of a certificate withdrawn since (it had been signed)', async () => {
    const owner = await premiumUser();
    const id = randomUUID();
    const body = completedCertificateBody(owner, { id });
    expect((await create(owner, body)).statusCode).toBe(201);
    await signByEmail(app, mail, owner, 'certificate', id);
    const withdrawn = await app.inject({ method: 'DELETE', url: `/api/certificates/${id}`, headers: bearer(owner) });
    expect(withdrawn.statusCode).toBe(200);
    expect(await countOf('select count(*) from certificates where id = $1 and withdrawn_at is not null', [id])).toBe(1);

    const replayed = await create(owner, body);
    expect(replayed.statusCode).toBe(410);
    expect(errorOf(replayed)).toEqual({ code: 'record_deleted', message: CERTIFICATE_DELETED_ELSEWHERE_MESSAGE });
    expect(await listedIds(owner)).not.toContain(id);
    expect(await countOf('select count(*) from certificates where id = $1 and withdrawn_at is null', [id])).toBe(0);
  });

  it('keeps one narrow row per deleted certificate and photo, gone with the business', async () => {
    const owner = await premiumUser();
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) {
      expect((await create(owner, completedCertificateBody(owner, { id }))).statusCode).toBe(201);
      await app.inject({ method: 'DELETE', url: `/api/certificates/${id}`, headers: bearer(owner) });
    }
    const { businessId } = await membershipOf(app.db, owner.user.id);
    const retired = () => countOf('select count(*) from retired_ids where business_id = $1', [businessId]);
    expect(await retired()).toBe(2);
    await query('delete from businesses where id = $1', [businessId]);
    expect(await retired()).toBe(0);
  });
});
