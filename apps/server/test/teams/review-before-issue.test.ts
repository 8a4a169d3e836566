import {
  type Certificate,
  certificateMessages,
  errorCodes,
  FORBIDDEN_MESSAGE,
  reviewMessages,
  type Session,
} from '@app/contract';
import { describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { completedCertificateBody, patchCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { errorOf } from '../support/responses.ts';
import { addMember } from '../support/teams.ts';

/**
 * Office reviews before issue (ADR 0077): with the business's setting on, a field member's
 * certificate waits in review, not counted and not numbered, until an owner or office member issues
 * it or sends it back with a note. With it off, every role completes as before.
 */
const { database, mail, app, query } = setUpTestApp();

type Team = { owner: Session; office: Session; field: Session };

async function team(reviewBeforeIssue: boolean): Promise<Team> {
  const owner = await registerConfirmedUser(app, mail);
  // Three people need more seats than the free plan's two (ADR 0077, slice 7).
  await grantPremium(database.db, owner.user.id);
  const office = await addMember(app, mail, database.db, owner, 'office');
  const field = await addMember(app, mail, database.db, owner, 'field');
  if (reviewBeforeIssue) {
    const set = await setReviewBeforeIssue(office, true);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ review_before_issue: true });
  }
  return { owner, office, field };
}

const setReviewBeforeIssue = (session: Session, on: boolean) =>
  app.inject({
    method: 'PATCH',
    url: '/api/team/settings',
    headers: bearer(session),
    payload: { review_before_issue: on },
  });

/** A draft of `session`'s with everything a completed certificate needs. */
async function readyDraft(session: Session): Promise<Certificate> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/certificates',
    headers: bearer(session),
    payload: completedCertificateBody(session, { status: 'draft' }),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

const post = (session: Session, path: string, payload?: object) =>
  app.inject({
    method: 'POST',
    url: `/api/certificates/${path}`,
    headers: bearer(session),
    ...(payload && { payload }),
  });
const submit = (session: Session, id: string) => post(session, `${id}/submit-for-review`);
const sendBack = (session: Session, id: string, note: string) => post(session, `${id}/return`, { note });
const complete = (session: Session, id: string) => patchCertificate(app, session, id, { status: 'completed' });

const usage = async (session: Session) =>
  (await app.inject({ url: '/api/certificates/usage', headers: bearer(session) })).json().completed as number;

async function listed(session: Session, status?: string) {
  const response = await app.inject({
    url: `/api/certificates${status ? `?status=${status}` : ''}`,
    headers: bearer(session),
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as Array<{ id: string; status: string }>).map(({ id, status }) => ({ id, status }));
}

const trail = async (id: string) =>
  (await query('select type, actor_user_id, data from audit_events where subject_id = $1 order by occurred_at', [id]))
    .rows;

describe('the review before issue setting', () => {
  it('is off by default, read by every member, and set by owner or office only', async () => {
    const { owner, office, field } = await team(false);
    for (const member of [owner, office, field]) {
      const read = await app.inject({ url: '/api/team', headers: bearer(member) });
      expect(read.json().settings).toEqual({ review_before_issue: false });
    }

    const refused = await setReviewBeforeIssue(field, true);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: errorCodes.forbidden, message: FORBIDDEN_MESSAGE });

    expect((await setReviewBeforeIssue(owner, true)).statusCode).toBe(200);
    const read = await app.inject({ url: '/api/team', headers: bearer(field) });
    expect(read.json().settings).toEqual({ review_before_issue: true });
    expect((await setReviewBeforeIssue(office, false)).json()).toEqual({ review_before_issue: false });
  });

  it('refuses a body that is not a boolean with 400, never 500', async () => {
    const { owner } = await team(false);
    for (const payload of [{}, { review_before_issue: 'yes' }, { review_before_issue: null }]) {
      const response = await app.inject({
        method: 'PATCH',
        url: '/api/team/settings',
        headers: bearer(owner),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response).code).toBe(errorCodes.validationFailed);
    }
  });
});

describe('with review before issue on', () => {
  it("refuses a field member's complete, on a save or a create, saying to submit it for review", async () => {
    const { field } = await team(true);
    const draft = await readyDraft(field);
    const refused = await complete(field, draft.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: errorCodes.reviewRequired,
      message: reviewMessages.submitForReview,
    });

    const created = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: bearer(field),
      payload: completedCertificateBody(field),
    });
    expect(created.statusCode).toBe(409);
    expect(errorOf(created).message).toBe(reviewMessages.submitForReview);
    expect(await usage(field)).toBe(0);
  });

  it('keeps a submitted certificate in review: not counted, not numbered, listed as In review, closed to its maker', async () => {
    const { owner, office, field } = await team(true);
    const draft = await readyDraft(field);

    const submitted = await submit(field, draft.id);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'in_review', certificate_number: null, review_note: null });
    expect(await usage(owner)).toBe(0);
    // Sent again (its answer was lost): the same, nothing more.
    expect((await submit(field, draft.id)).json()).toMatchObject({ status: 'in_review' });

    expect(await listed(office, 'in_review')).toEqual([{ id: draft.id, status: 'in_review' }]);
    expect(await listed(office, 'draft')).toEqual([]);

    const edited = await patchCertificate(app, field, draft.id, { areas: 'Laundry' });
    expect(edited.statusCode).toBe(409);
    expect(errorOf(edited)).toMatchObject({ code: errorCodes.inReview, message: reviewMessages.inReview });
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/certificates/${draft.id}`,
      headers: bearer(field),
    });
    expect(deleted.statusCode).toBe(409);

    // The office may still change it.
    const officeEdit = await patchCertificate(app, office, draft.id, { areas: 'Ensuite; Laundry' });
    expect(officeEdit.statusCode, officeEdit.body).toBe(200);
    expect(officeEdit.json()).toMatchObject({ status: 'in_review', areas: 'Ensuite; Laundry' });
  });

  it('refuses a field member issuing or sending back one in review (403)', async () => {
    const { field } = await team(true);
    const draft = await readyDraft(field);
    await submit(field, draft.id);

    const sentBack = await sendBack(field, draft.id, 'Fine by me');
    expect(sentBack.statusCode).toBe(403);
    expect(errorOf(sentBack)).toMatchObject({ code: errorCodes.forbidden, message: FORBIDDEN_MESSAGE });
    const issued = await complete(field, draft.id);
    expect(issued.statusCode).toBe(409);
    expect(errorOf(issued).message).toBe(reviewMessages.inReview);
    expect(await usage(field)).toBe(0);
  });

  it('lets the office issue it: completed, numbered, counted, issued by the office member', async () => {
    const { office, field } = await team(true);
    const draft = await readyDraft(field);
    await submit(field, draft.id);

    const issued = await complete(office, draft.id);
    expect(issued.statusCode, issued.body).toBe(200);
    const certificate: Certificate = issued.json();
    expect(certificate.status).toBe('completed');
    expect(certificate.certificate_number).toMatch(/^WPC-\d{4}-0001$/);
    expect(certificate.user_id).toBe(field.user.id);
    expect(await usage(field)).toBe(1);
    const { rows } = await query(`select applicator->>'applicator_name' as name from certificates where id = $1`, [
      draft.id,
    ]);
    const { rows: officeProfile } = await query('select applicator_name from profiles where id = $1', [office.user.id]);
    expect(rows[0].name).toBe(officeProfile[0].applicator_name);
    expect(await trail(draft.id)).toEqual([
      { type: 'certificate.submitted_for_review', actor_user_id: field.user.id, data: {} },
      {
        type: 'document.issued',
        actor_user_id: office.user.id,
        data: { number: certificate.certificate_number, version: 1 },
      },
    ]);
  });

  it('lets the office send it back with a note its maker sees, cleared by the next submit', async () => {
    const { owner, office, field } = await team(true);
    const draft = await readyDraft(field);
    await submit(field, draft.id);

    const note = 'The membrane brand is missing from the materials.';
    const sentBack = await sendBack(office, draft.id, `  ${note} `);
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    expect(sentBack.json()).toMatchObject({ status: 'draft', review_note: note, certificate_number: null });
    const read = await app.inject({ url: `/api/certificates/${draft.id}`, headers: bearer(field) });
    expect(read.json()).toMatchObject({ status: 'draft', review_note: note });
    expect(await usage(owner)).toBe(0);

    // Its maker may change it again, and submit it again.
    expect(
      (await patchCertificate(app, field, draft.id, { materials_used: 'Ardex WPM 300, 2 coats' })).statusCode,
    ).toBe(200);
    const again = await submit(field, draft.id);
    expect(again.json()).toMatchObject({ status: 'in_review', review_note: null });
    expect(await trail(draft.id)).toEqual([
      { type: 'certificate.submitted_for_review', actor_user_id: field.user.id, data: {} },
      { type: 'certificate.returned', actor_user_id: office.user.id, data: { note } },
      { type: 'certificate.submitted_for_review', actor_user_id: field.user.id, data: {} },
    ]);

    // Only one in review goes back, and the owner may send it back too.
    expect((await sendBack(owner, draft.id, 'Check the date')).statusCode).toBe(200);
    const twice = await sendBack(owner, draft.id, 'Again');
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(reviewMessages.notInReview);
  });

  it('refuses a note that is empty or longer than 1000 characters (400)', async () => {
    const { office, field } = await team(true);
    const draft = await readyDraft(field);
    await submit(field, draft.id);
    for (const note of ['', '   ', 'x'.repeat(1001)]) {
      const response = await sendBack(office, draft.id, note);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe(errorCodes.validationFailed);
    }
    expect((await sendBack(office, draft.id, 'x'.repeat(1000))).statusCode).toBe(200);
  });

  it('refuses to submit an issued certificate or an incomplete draft', async () => {
    const { owner, field } = await team(true);
    const issued = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: bearer(owner),
      payload: completedCertificateBody(owner),
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const refused = await submit(owner, issued.json().id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(reviewMessages.notADraft);

    const bare = await app.inject({
      method: 'POST',
      url: '/api/certificates',
      headers: bearer(field),
      payload: { user_id: field.user.id, status: 'draft' },
    });
    const incomplete = await submit(field, bare.json().id);
    expect(incomplete.statusCode).toBe(400);
    expect(errorOf(incomplete).code).toBe(errorCodes.validationFailed);
  });

  it("answers 404 for another business's certificate", async () => {
    const { field } = await team(true);
    const other = await team(true);
    const draft = await readyDraft(field);
    await submit(field, draft.id);
    const theirs = await readyDraft(other.field);

    const submitted = await submit(field, theirs.id);
    expect(submitted.statusCode).toBe(404);
    expect(errorOf(submitted).message).toBe(certificateMessages.notFound);
    expect((await sendBack(other.office, draft.id, 'Not yours')).statusCode).toBe(404);
    expect((await complete(other.office, draft.id)).statusCode).toBe(404);
    expect((await submit(field, 'not-a-uuid')).statusCode).toBe(404);
  });
});

describe('with review before issue off', () => {
  it('lets every role complete as today', async () => {
    const { owner, office, field } = await team(false);
    for (const member of [field, office, owner]) {
      const draft = await readyDraft(member);
      const completed = await complete(member, draft.id);
      expect(completed.statusCode, completed.body).toBe(200);
      expect(completed.json()).toMatchObject({ status: 'completed', review_note: null });
    }
    expect(await usage(owner)).toBe(3);
  });
});
