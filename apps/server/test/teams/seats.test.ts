import {
  certificateMessages,
  errorCodes,
  FREE_MONTHLY_COMPLETED_LIMIT,
  FREE_PLAN_SEATS,
  PREMIUM_INCLUDED_SEATS,
  type Session,
  seatMessages,
  teamMessages,
  teamSchema,
} from '@app/contract';
import { describe, expect, it } from 'vitest';
import { entitlements } from '../../src/platform/entitlements/entitlements.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser, uniqueEmail } from '../support/auth-helpers.ts';
import { createCompletedCertificate, patchCertificate, postCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { errorOf } from '../support/responses.ts';
import { addMember, businessIdOf } from '../support/teams.ts';

/**
 * Seats (ADR 0077, "Plans per business"): the free plan seats the owner and one more, Premium five
 * plus any bought; waiting invitations hold seats. A lapse removes no one: the members past the
 * seats read but are refused every write (403 `seat_required`) until the owner picks who stays.
 */
const { app, mail, database, query } = setUpTestApp();

/** The job queue may be slow on a busy machine: a mail is waited for, never timed. */
const MAIL_WAIT_MS = 30_000;

const invite = (session: Session, email = uniqueEmail('invitee')) =>
  app.inject({
    method: 'POST',
    url: '/api/team/invitations',
    headers: bearer(session),
    payload: { email, role: 'field' },
  });
const teamOf = async (session: Session) => {
  const response = await app.inject({ url: '/api/team', headers: bearer(session) });
  expect(response.statusCode, response.body).toBe(200);
  return teamSchema.parse(response.json());
};
const chooseSeats = (session: Session, userIds: string[]) =>
  app.inject({ method: 'PUT', url: '/api/team/seats', headers: bearer(session), payload: { user_ids: userIds } });
const draft = (session: Session) => postCertificate(app, session, { status: 'draft' });
const listCertificates = (session: Session) => app.inject({ url: '/api/certificates', headers: bearer(session) });

/** A Premium business of the owner and `others` field members (added in this order). */
async function premiumBusinessOf(others: number) {
  const owner = await registerConfirmedUser(app, mail);
  await grantPremium(database.db, owner.user.id);
  const members: Session[] = [];
  for (let index = 0; index < others; index++) members.push(await addMember(app, mail, database.db, owner, 'field'));
  return { owner, members };
}

/** Ends the business's Premium as a lapse does: its end passes, nothing else is written. */
const lapse = (owner: Session) =>
  query(
    `update subscribers set subscription_end = now() - interval '1 day'
      where business_id = (select business_id from memberships where user_id = $1)`,
    [owner.user.id],
  );

describe('inviting past the seats', () => {
  it('free: the owner and one more; a waiting invitation holds the second seat until revoked', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const first = await invite(owner);
    expect(first.statusCode, first.body).toBe(201);
    const second = await invite(owner);
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({
      code: errorCodes.conflict,
      message: seatMessages.seatsTaken(FREE_PLAN_SEATS, false),
    });
    expect((await teamOf(owner)).seats).toEqual({ used: 2, included: FREE_PLAN_SEATS, extra: 0 });
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/team/invitations/${first.json().id}`,
      headers: bearer(owner),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await invite(owner)).statusCode).toBe(201);
  });

  it('free: a member holds the second seat, so a third person is refused', async () => {
    const owner = await registerConfirmedUser(app, mail);
    await addMember(app, mail, database.db, owner, 'office');
    const refused = await invite(owner);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(seatMessages.seatsTaken(FREE_PLAN_SEATS, false));
  });

  it('accepting is refused when the seat the invitation held is gone, and nothing changes', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const email = uniqueEmail('invitee');
    expect((await invite(owner, email)).statusCode).toBe(201);
    const link = mail.linkIn(await mail.nextMailTo(email, MAIL_WAIT_MS), /^\/invite\/[A-Za-z0-9_-]+$/);
    const token = link.pathname.split('/').at(-1) ?? '';
    // Someone else took the seat meanwhile (by SQL: the invitation would have refused them).
    await addMember(app, mail, database.db, owner, 'office');
    const invitee = await registerConfirmedUser(app, mail, email);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      headers: bearer(invitee),
      payload: {},
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ code: errorCodes.conflict, message: seatMessages.noSeatToJoin });
    expect((await teamOf(owner)).members).toHaveLength(2);
    expect((await app.inject({ url: `/api/invitations/${token}` })).json()).toMatchObject({ status: 'pending' });
  });

  it('Premium: five seats; the sixth person is refused until a seat is bought', async () => {
    const { owner } = await premiumBusinessOf(PREMIUM_INCLUDED_SEATS - 1);
    const refused = await invite(owner);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(seatMessages.seatsTaken(PREMIUM_INCLUDED_SEATS, true));
    await entitlements.setExtraSeats(database.db, await businessIdOf(database.db, owner.user.id), 1);
    expect((await invite(owner)).statusCode).toBe(201);
    expect((await teamOf(owner)).seats).toEqual({ used: 6, included: PREMIUM_INCLUDED_SEATS + 1, extra: 1 });
  });
});

describe('a lapsed business', () => {
  it('keeps everyone: the owner and one more create, the others read; the owner picks who stays', async () => {
    const { owner, members } = await premiumBusinessOf(3);
    const [second, third, fourth] = members as [Session, Session, Session];
    expect((await draft(fourth)).statusCode).toBe(201);
    await lapse(owner);

    const team = await teamOf(owner);
    expect(team.members.map((member) => [member.user_id, member.seated])).toEqual([
      [owner.user.id, true],
      [second.user.id, true],
      [third.user.id, false],
      [fourth.user.id, false],
    ]);
    expect(team.seats).toEqual({ used: 4, included: FREE_PLAN_SEATS, extra: 0 });
    expect((await draft(owner)).statusCode).toBe(201);
    expect((await draft(second)).statusCode).toBe(201);
    for (const unseated of [third, fourth]) {
      const refused = await draft(unseated);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toMatchObject({ code: errorCodes.seatRequired, message: seatMessages.seatRequired });
      const read = await listCertificates(unseated);
      expect(read.statusCode).toBe(200);
      expect(read.json().items).toHaveLength(3);
    }

    const chosen = await chooseSeats(owner, [fourth.user.id]);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(
      teamSchema
        .parse(chosen.json())
        .members.filter((member) => member.seated)
        .map((member) => member.user_id),
    ).toEqual([owner.user.id, fourth.user.id]);
    expect((await draft(fourth)).statusCode).toBe(201);
    expect(errorOf(await draft(second)).code).toBe(errorCodes.seatRequired);
    expect(errorOf(await draft(third)).code).toBe(errorCodes.seatRequired);
    const { rows } = await query(`select count(*)::int as members from memberships where business_id = $1`, [
      await businessIdOf(database.db, owner.user.id),
    ]);
    expect(rows).toEqual([{ members: 4 }]);
  });

  it('refuses the owner a pick of more than the seats, or of someone outside the business', async () => {
    const { owner, members } = await premiumBusinessOf(2);
    await lapse(owner);
    const tooMany = await chooseSeats(
      owner,
      members.map((member) => member.user.id),
    );
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany).message).toBe(seatMessages.tooManyChosen(FREE_PLAN_SEATS));
    const stranger = await registerConfirmedUser(app, mail);
    const outside = await chooseSeats(owner, [stranger.user.id]);
    expect(outside.statusCode).toBe(409);
    expect(errorOf(outside).message).toBe(seatMessages.notAMember);
    const notAnId = await chooseSeats(owner, ['not-a-user']);
    expect(notAnId.statusCode).toBe(409);
  });

  it('the seats are the owner’s: office and field are refused 403', async () => {
    const owner = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, owner.user.id);
    const office = await addMember(app, mail, database.db, owner, 'office');
    const field = await addMember(app, mail, database.db, owner, 'field');
    for (const member of [office, field]) {
      const refused = await chooseSeats(member, [member.user.id]);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toMatchObject({ code: errorCodes.forbidden, message: teamMessages.forbidden });
    }
  });
});

describe('the free monthly limit, shared by the business', () => {
  it('two members racing 10 completes at 4 of 5: exactly one succeeds', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const office = await addMember(app, mail, database.db, owner, 'office');
    for (let index = 0; index < FREE_MONTHLY_COMPLETED_LIMIT - 1; index++) await createCompletedCertificate(app, owner);
    const drafts: { session: Session; id: string }[] = [];
    for (const session of [owner, office]) {
      for (let index = 0; index < 5; index++) {
        const made = await draft(session);
        expect(made.statusCode, made.body).toBe(201);
        drafts.push({ session, id: made.json().id });
      }
    }
    const results = await Promise.all(
      drafts.map(({ session, id }) => patchCertificate(app, session, id, { status: 'completed' })),
    );
    const statuses = results.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const refused = results.filter((response) => response.statusCode !== 200);
    expect(refused).toHaveLength(9);
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).message).toBe(certificateMessages.monthlyLimit);
    }
    const usage = await query(
      `select count from monthly_certificate_counts where business_id = (select business_id from memberships where user_id = $1)`,
      [owner.user.id],
    );
    expect(usage.rows).toEqual([{ count: FREE_MONTHLY_COMPLETED_LIMIT }]);
  });
});
