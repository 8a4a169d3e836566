import { type Session, sessionSchema, teamMemberSchema, teamMessages, teamSchema } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { membershipOf } from '../../src/platform/accounts/memberships.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser, signIn } from '../support/auth-helpers.ts';
import { createCompletedCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { errorOf } from '../support/responses.ts';
import { addMember, ownerOfNamedBusiness } from '../support/teams.ts';

/**
 * The members of a business (ADR 0077): the list, role changes (owner only; the member's sessions
 * end), and removal (the owner removes office or field, the office field only, nobody the owner):
 * the removed member's access token and API tokens stop, their refresh says why, their records stay.
 */
const { app, mail, database, query } = setUpTestApp();

const teamOf = async (session: Session) => {
  const response = await app.inject({ url: '/api/team', headers: bearer(session) });
  expect(response.statusCode, response.body).toBe(200);
  return teamSchema.parse(response.json());
};
const changeRole = (session: Session, userId: string, role: string) =>
  app.inject({ method: 'PATCH', url: `/api/team/members/${userId}`, headers: bearer(session), payload: { role } });
const remove = (session: Session, userId: string) =>
  app.inject({ method: 'DELETE', url: `/api/team/members/${userId}`, headers: bearer(session) });
const refresh = (session: Session) =>
  app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: session.refresh_token } });

const namedTeam = () => ownerOfNamedBusiness(app, mail, database.db, 'Bayside Tiling');

describe('the member list', () => {
  it('every role sees it: the business, who they are, the owner first', async () => {
    const { owner, businessId } = await namedTeam();
    const office = await addMember(app, mail, database.db, owner, 'office');
    const field = await addMember(app, mail, database.db, owner, 'field');
    for (const [session, role] of [
      [owner, 'owner'],
      [office, 'office'],
      [field, 'field'],
    ] as const) {
      const team = await teamOf(session);
      expect(team.business).toEqual({ id: businessId, name: 'Bayside Tiling' });
      expect(team.you).toEqual({ user_id: session.user.id, role });
      expect(team.members.map((member) => member.role)).toEqual(['owner', 'office', 'field']);
    }
  });

  it('a solo owner sees a team of one', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const team = await teamOf(owner);
    expect(team.members).toEqual([
      expect.objectContaining({ user_id: owner.user.id, email: owner.user.email, role: 'owner' }),
    ]);
    expect(team.invitations).toEqual([]);
  });
});

describe('a role change', () => {
  it("is the owner's: it ends the member's sessions, and their next session carries the new role", async () => {
    const { owner, businessId } = await namedTeam();
    const field = await addMember(app, mail, database.db, owner, 'field');
    const changed = await changeRole(owner, field.user.id, 'office');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(teamMemberSchema.parse(changed.json())).toMatchObject({ user_id: field.user.id, role: 'office' });
    expect((await app.inject({ url: '/api/team', headers: bearer(field) })).statusCode).toBe(401);
    expect((await refresh(field)).statusCode).toBe(401);
    expect(await membershipOf(database.db, field.user.id)).toEqual({ businessId, role: 'office' });
    const again = sessionSchema.parse((await signIn(app, field.user.email)).json());
    expect((await teamOf(again)).you).toEqual({ user_id: field.user.id, role: 'office' });
    const events = await query(`select data from audit_events where type = 'member.role_changed' and subject_id = $1`, [
      businessId,
    ]);
    expect(events.rows).toEqual([{ data: { userId: field.user.id, from: 'field', to: 'office' } }]);
  });

  it('is refused to the office and the field crew, and never touches the owner', async () => {
    const { owner } = await namedTeam();
    const office = await addMember(app, mail, database.db, owner, 'office');
    const field = await addMember(app, mail, database.db, owner, 'field');
    for (const caller of [office, field]) {
      const refused = await changeRole(caller, field.user.id, 'office');
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toEqual({ code: 'forbidden', message: teamMessages.forbidden });
    }
    const ownRole = await changeRole(owner, owner.user.id, 'office');
    expect(errorOf(ownRole)).toEqual({ code: 'conflict', message: teamMessages.ownerRoleFixed });
    expect((await changeRole(owner, field.user.id, 'owner')).statusCode).toBe(400);
    expect((await membershipOf(database.db, field.user.id)).role).toBe('field');
  });

  it('of someone in another business, or no one, is not found', async () => {
    const { owner } = await namedTeam();
    const stranger = await registerConfirmedUser(app, mail);
    for (const userId of [stranger.user.id, 'not-a-uuid']) {
      const response = await changeRole(owner, userId, 'field');
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'not_found', message: teamMessages.memberNotFound });
    }
    expect((await membershipOf(database.db, stranger.user.id)).role).toBe('owner');
  });
});

describe('a removal', () => {
  it("ends the member's access at once, tells their refresh why, and keeps what they made", async () => {
    const { owner, businessId } = await namedTeam();
    const field = await addMember(app, mail, database.db, owner, 'field');
    const certificateId = await createCompletedCertificate(app, field);
    await grantPremium(database.db, owner.user.id);
    await grantPremium(database.db, field.user.id);
    const token = await app.inject({
      method: 'POST',
      url: '/api/api-tokens',
      headers: bearer(field),
      payload: { name: 'phone sync', scope: 'read', expires_in_days: null },
    });
    expect(token.statusCode, token.body).toBe(201);
    const apiToken = { authorization: `Bearer ${(token.json() as { secret: string }).secret}` };
    expect((await app.inject({ url: '/api/certificates', headers: apiToken })).statusCode).toBe(200);

    const removed = await remove(owner, field.user.id);
    expect(removed.statusCode, removed.body).toBe(200);

    expect((await app.inject({ url: '/api/certificates', headers: bearer(field) })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/certificates', headers: apiToken })).statusCode).toBe(401);
    const refused = await refresh(field);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused)).toEqual({
      code: 'member_removed',
      message: 'You were removed from Bayside Tiling. Changes saved on this phone were not sent.',
    });

    // They have a business of their own, empty, and may sign in to it.
    const own = await membershipOf(database.db, field.user.id);
    expect(own).toMatchObject({ role: 'owner' });
    expect(own.businessId).not.toBe(businessId);
    const signedIn = await signIn(app, field.user.email);
    expect(signedIn.statusCode).toBe(200);
    expect((await teamOf(sessionSchema.parse(signedIn.json()))).members).toHaveLength(1);

    // The certificate they made stays with the business, for the owner.
    expect((await app.inject({ url: `/api/certificates/${certificateId}`, headers: bearer(owner) })).statusCode).toBe(
      200,
    );
    expect((await teamOf(owner)).members.map((member) => member.role)).toEqual(['owner']);
    const events = await query(`select data from audit_events where type = 'member.removed' and subject_id = $1`, [
      businessId,
    ]);
    expect(events.rows).toEqual([{ data: { userId: field.user.id } }]);
  });

  it('a session ended another way still refreshes as an ended session', async () => {
    const { owner } = await namedTeam();
    const field = await addMember(app, mail, database.db, owner, 'field');
    expect((await app.inject({ method: 'POST', url: '/api/auth/signout', headers: bearer(field) })).statusCode).toBe(
      200,
    );
    expect(errorOf(await refresh(field)).code).toBe('session_expired');
  });

  it('the owner removes office and field; the office removes field only; the field crew nobody', async () => {
    const { owner } = await namedTeam();
    const office = await addMember(app, mail, database.db, owner, 'office');
    const otherOffice = await addMember(app, mail, database.db, owner, 'office');
    const field = await addMember(app, mail, database.db, owner, 'field');
    const otherField = await addMember(app, mail, database.db, owner, 'field');

    for (const [caller, target] of [
      [field, otherField],
      [field, office],
      [office, otherOffice],
    ] as const) {
      const refused = await remove(caller, target.user.id);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toEqual({ code: 'forbidden', message: teamMessages.forbidden });
    }
    expect((await remove(office, field.user.id)).statusCode).toBe(200);
    expect((await remove(owner, otherOffice.user.id)).statusCode).toBe(200);
    expect((await teamOf(owner)).members.map((member) => member.user_id)).toEqual([
      owner.user.id,
      office.user.id,
      otherField.user.id,
    ]);
  });

  it('never removes the owner, nor the caller themself here', async () => {
    const { owner } = await namedTeam();
    const office = await addMember(app, mail, database.db, owner, 'office');
    const byOffice = await remove(office, owner.user.id);
    expect(byOffice.statusCode).toBe(409);
    expect(errorOf(byOffice)).toEqual({ code: 'conflict', message: teamMessages.ownerCannotBeRemoved });
    const self = await remove(owner, owner.user.id);
    expect(errorOf(self)).toEqual({ code: 'conflict', message: teamMessages.cannotRemoveYourself });
    expect((await teamOf(owner)).members).toHaveLength(2);
  });
});
