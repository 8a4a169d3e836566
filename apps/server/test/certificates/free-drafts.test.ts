import { randomUUID } from 'node:crypto';
import {
  CERTIFICATE_DELETED_ELSEWHERE_MESSAGE,
  type Certificate,
  type CreateCertificateRequest,
  certificateMessages,
  type Session,
} from '@app/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody, patchCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { uploadFile } from '../support/multipart.ts';
import { errorOf } from '../support/responses.ts';

/*
 * A free user's drafts are kept in the account (ADR 0069): a working draft (never issued) may be
 * saved again, completed (counted then, within the month's limit) or discarded by its owner on
 * the free plan. Nothing else changes for them: an issued certificate stays theirs to read only.
 */

const now = new Date('2026-11-15T02:00:00Z');
const { mail, app, query, database } = setUpTestApp({ clock: () => now });

const draftBody = (session: Session, extra: Partial<CreateCertificateRequest> = {}) =>
  completedCertificateBody(session, { status: 'draft', job_site_address: '', areas: '', ...extra });

const create = (session: Session, body: object) =>
  app.inject({ method: 'POST', url: '/api/certificates', headers: bearer(session), payload: body });
const save = (session: Session, id: string, payload: object) => patchCertificate(app, session, id, payload);
const discard = (session: Session, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/certificates/${id}`, headers: bearer(session) });
const read = (session: Session, id: string) => app.inject({ url: `/api/certificates/${id}`, headers: bearer(session) });
const completedThisMonth = async (session: Session) =>
  (await app.inject({ url: '/api/certificates/usage', headers: bearer(session) })).json().completed as number;
const countOf = async (sql: string, values: unknown[]) => Number((await query(sql, values)).rows[0].count);

async function draftOf(session: Session, extra: Partial<CreateCertificateRequest> = {}): Promise<Certificate> {
  const response = await create(session, draftBody(session, extra));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function uploadPhoto(session: Session) {
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
  const response = await uploadFile(app, session, { method: 'POST', url: '/api/certificates/photos' }, jpeg);
  expect(response.statusCode).toBe(201);
  return response.json().file_id as string;
}

const jobDetails = {
  job_site_address: '3 Quay St, Brisbane QLD 4000',
  areas: 'Laundry floor',
  standards: ['AS 3740-2021'],
  installation_date: '2026-11-14',
};

describe("a free user's drafts in the account", () => {
  it('are saved again without counting, completed once (counted), then read only', async () => {
    const user = await registerConfirmedUser(app, mail);
    const draft = await draftOf(user);
    const saved = await save(user, draft.id, { job_site_address: '3 Quay St, Brisbane QLD 4000' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'draft', job_site_address: '3 Quay St, Brisbane QLD 4000' });
    const again = await save(user, draft.id, { areas: 'Laundry floor' });
    expect(again.json()).toMatchObject({ status: 'draft', areas: 'Laundry floor', certificate_number: null });
    expect(await completedThisMonth(user)).toBe(0);

    const completing = { status: 'completed', revision: again.json().revision };
    const completed = await save(user, draft.id, completing);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json()).toMatchObject({ id: draft.id, status: 'completed', certificate_number: 'WPC-2026-0001' });
    expect(await completedThisMonth(user)).toBe(1);

    // The completion sent again, its answer lost: answered as done, counted once.
    const replayed = await save(user, draft.id, completing);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.json()).toMatchObject({ status: 'completed', revision: completed.json().revision });
    expect(await completedThisMonth(user)).toBe(1);

    // Issued: the draft path does not reach it, current revision or old.
    for (const payload of [
      { areas: 'Changed after issue' },
      { status: 'draft' },
      { areas: 'Changed after issue', revision: again.json().revision },
    ]) {
      const refused = await save(user, draft.id, payload);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toEqual({ code: 'premium_required', message: certificateMessages.premiumUpdate });
    }
    const deleted = await discard(user, draft.id);
    expect(deleted.statusCode).toBe(403);
    expect(errorOf(deleted)).toEqual({ code: 'premium_required', message: certificateMessages.premiumDelete });
    expect((await read(user, draft.id)).json()).toMatchObject({ status: 'completed', areas: 'Laundry floor' });
    expect(await completedThisMonth(user)).toBe(1);
  });

  it('are not completed past the monthly limit: the draft stays as it was', async () => {
    const user = await registerConfirmedUser(app, mail);
    const draft = await draftOf(user, { areas: 'Balcony' });
    for (let index = 0; index < 5; index++) {
      expect((await create(user, completedCertificateBody(user))).statusCode).toBe(201);
    }
    const refused = await save(user, draft.id, { ...jobDetails, status: 'completed' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'monthly_limit_reached', message: certificateMessages.monthlyLimit });
    expect((await read(user, draft.id)).json()).toMatchObject({
      status: 'draft',
      areas: 'Balcony',
      revision: draft.revision,
    });
    expect(await completedThisMonth(user)).toBe(5);
    // Saving it as a draft is never counted, at the limit too.
    expect((await save(user, draft.id, jobDetails)).statusCode).toBe(200);
  });

  it('hold the limit when several drafts are completed at once at 4 of 5', async () => {
    const user = await registerConfirmedUser(app, mail);
    for (let index = 0; index < 4; index++) await create(user, completedCertificateBody(user));
    const drafts = await Promise.all(Array.from({ length: 6 }, () => draftOf(user, jobDetails)));
    const results = await Promise.all(
      drafts.map((draft) => save(user, draft.id, { status: 'completed', revision: draft.revision })),
    );
    const statuses = results.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 403)).toHaveLength(5);
    expect(await completedThisMonth(user)).toBe(5);
    const stillDrafts = `select count(*) from certificates where user_id = $1 and status = 'draft'`;
    expect(await countOf(stillDrafts, [user.user.id])).toBe(5);
  });

  it('need the job details to be completed', async () => {
    const user = await registerConfirmedUser(app, mail);
    const draft = await draftOf(user);
    const refused = await save(user, draft.id, { status: 'completed' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).code).toBe('validation_failed');
    expect((await read(user, draft.id)).json().status).toBe('draft');
    expect(await completedThisMonth(user)).toBe(0);
  });

  it("are not another user's to read, save, complete or discard", async () => {
    const owner = await registerConfirmedUser(app, mail);
    const stranger = await registerConfirmedUser(app, mail);
    const draft = await draftOf(owner, jobDetails);
    const attempts = [
      await read(stranger, draft.id),
      await save(stranger, draft.id, { areas: 'Not mine', revision: draft.revision }),
      await save(stranger, draft.id, { status: 'completed', revision: draft.revision }),
      await discard(stranger, draft.id),
    ];
    for (const attempt of attempts) {
      expect(attempt.statusCode).toBe(404);
      expect(errorOf(attempt)).toEqual({ code: 'not_found', message: certificateMessages.notFound });
    }
    // A create naming the owner's draft's id is not a way in either.
    const taken = await create(stranger, draftBody(stranger, { id: draft.id, areas: 'Not mine' }));
    expect(taken.statusCode).toBe(409);
    expect((await read(owner, draft.id)).json()).toMatchObject({ status: 'draft', areas: jobDetails.areas });
    expect(await completedThisMonth(stranger)).toBe(0);
  });

  it('do not reach the draft of an amendment made while Premium, once Premium ends', async () => {
    const user = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, user.user.id);
    const issued: Certificate = (await create(user, completedCertificateBody(user))).json();
    const amendment = await save(user, issued.id, { status: 'draft', amendment_reason: 'Wrong area' });
    expect(amendment.json()).toMatchObject({ status: 'draft', version: 2 });
    await grantPremium(database.db, user.user.id, new Date(now.getTime() - 1000));

    for (const payload of [{ areas: 'Changed' }, { status: 'completed' }]) {
      const refused = await save(user, issued.id, payload);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('premium_required');
    }
    expect((await discard(user, issued.id)).statusCode).toBe(403);
    expect((await read(user, issued.id)).json()).toMatchObject({ status: 'draft', version: 2 });
  });

  it('keep their photos consistent: replaced ones go, none is shared, a discarded draft takes its own', async () => {
    const user = await registerConfirmedUser(app, mail);
    const [first, second, third] = [await uploadPhoto(user), await uploadPhoto(user), await uploadPhoto(user)];
    const draft = await draftOf(user, { photos: [{ file_id: first, caption: 'Before' }] });
    const replaced = await save(user, draft.id, { photos: [{ file_id: second, caption: 'After' }] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().photos.map((photo: { file_id: string }) => photo.file_id)).toEqual([second]);
    expect(await countOf('select count(*) from files where id = $1', [first])).toBe(0);

    const other = await draftOf(user, { photos: [{ file_id: third }] });
    const shared = await save(user, draft.id, { photos: [{ file_id: second }, { file_id: third }] });
    expect(shared.statusCode).toBe(400);
    expect(errorOf(shared).message).toBe('A photo is already attached to another certificate.');

    const discarded = await discard(user, draft.id);
    expect(discarded.statusCode).toBe(200);
    expect((await read(user, draft.id)).statusCode).toBe(404);
    expect(await countOf('select count(*) from files where id = $1', [second])).toBe(0);
    expect(await countOf('select count(*) from files where id = $1', [third])).toBe(1);
    expect((await read(user, other.id)).json().photos).toHaveLength(1);
    expect(await completedThisMonth(user)).toBe(0);
  });

  it('are made once however often the outbox sends the create, and stay gone once discarded', async () => {
    const user = await registerConfirmedUser(app, mail);
    const id = randomUUID();
    const body = draftBody(user, { id, ...jobDetails });
    const sends = await Promise.all([create(user, body), create(user, body), create(user, body)]);
    expect(sends.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect(await countOf('select count(*) from certificates where id = $1', [id])).toBe(1);

    // Completed meanwhile on another device: the late create answers the certificate as it is.
    const completed = await save(user, id, { status: 'completed' });
    expect(completed.statusCode).toBe(200);
    const late = await create(user, body);
    expect(late.json()).toMatchObject({ id, status: 'completed' });
    expect(await completedThisMonth(user)).toBe(1);

    const discardedId = randomUUID();
    await create(user, draftBody(user, { id: discardedId }));
    expect((await discard(user, discardedId)).statusCode).toBe(200);
    const revived = await create(user, draftBody(user, { id: discardedId }));
    expect(revived.statusCode).toBe(410);
    expect(errorOf(revived).message).toBe(CERTIFICATE_DELETED_ELSEWHERE_MESSAGE);
  });
});
