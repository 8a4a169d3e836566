import {
  acceptedInvitationSchema,
  INVITATION_LIFETIME_DAYS,
  type Invitation,
  invitationSchema,
  PENDING_INVITATIONS_PER_BUSINESS,
  type Session,
  teamMessages,
  teamSchema,
} from '@app/contract';
import { describe, expect, it } from 'vitest';
import { membershipOf } from '../../src/platform/accounts/memberships.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser, uniqueEmail } from '../support/auth-helpers.ts';
import { createCompletedCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { errorOf } from '../support/responses.ts';
import { addMember, ownerOfNamedBusiness } from '../support/teams.ts';

/**
 * Invitations (ADR 0077): mailed through the queue to the real SMTP listener, previewed by anyone
 * holding the link, accepted once by the invited address signed in; resend kills the old link,
 * revoke kills it, expiry kills it; who may invite whom is the server's rule.
 */
const { app, mail, database, query } = setUpTestApp();

/** The job queue may be slow on a busy machine: a mail is waited for, never timed. */
const MAIL_WAIT_MS = 30_000;

const invite = (session: Session, email: string, role: 'office' | 'field') =>
  app.inject({
    method: 'POST',
    url: '/api/team/invitations',
    headers: bearer(session),
    payload: { email, role },
  });

async function invited(session: Session, email: string, role: 'office' | 'field'): Promise<Invitation> {
  const response = await invite(session, email, role);
  expect(response.statusCode, response.body).toBe(201);
  return invitationSchema.parse(response.json());
}

/** The token of the next invitation mailed to `email`, from the link `<APP_URL>/invite/<token>`. */
async function mailedToken(email: string): Promise<string> {
  const caught = await mail.nextMailTo(email, MAIL_WAIT_MS);
  const link = mail.linkIn(caught, /^\/invite\/[A-Za-z0-9_-]+$/);
  return link.pathname.split('/').at(-1) ?? '';
}

/** Resends, then revokes, the invitation `id` as `session`: both answers. */
async function resendAndRevoke(session: Session, id: string) {
  const url = `/api/team/invitations/${id}`;
  const resent = await app.inject({ method: 'POST', url: `${url}/resend`, headers: bearer(session) });
  return [resent, await app.inject({ method: 'DELETE', url, headers: bearer(session) })];
}

const preview = (token: string) => app.inject({ url: `/api/invitations/${token}` });
const accept = (session: Session, token: string, payload: object = {}) =>
  app.inject({ method: 'POST', url: `/api/invitations/${token}/accept`, headers: bearer(session), payload });
const teamOf = async (session: Session) => {
  const response = await app.inject({ url: '/api/team', headers: bearer(session) });
  expect(response.statusCode, response.body).toBe(200);
  return teamSchema.parse(response.json());
};

function claimsOf(session: Session): Record<string, unknown> {
  return JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString());
}

const namedOwner = () => ownerOfNamedBusiness(app, mail, database.db, 'Harbour Waterproofing');

describe('an invitation', () => {
  it('is mailed, previewed, and accepted by the address it names: the joiner is a member with that role', async () => {
    const { owner, businessId } = await namedOwner();
    const email = uniqueEmail('field');
    const invitation = await invited(owner, email, 'field');
    expect(invitation).toMatchObject({ email, role: 'field', invited_by_name: expect.any(String) });
    expect(Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)).toBe(
      INVITATION_LIFETIME_DAYS * 24 * 3600 * 1000,
    );

    const caught = await mail.nextMailTo(email, MAIL_WAIT_MS);
    expect(caught.text).toContain('invited you to join Harbour Waterproofing on TradeCert as field crew');
    expect(caught.text).toContain(`lasts ${INVITATION_LIFETIME_DAYS} days`);
    const token =
      mail
        .linkIn(caught, /^\/invite\/[A-Za-z0-9_-]+$/)
        .pathname.split('/')
        .at(-1) ?? '';

    const shown = await preview(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ business_name: 'Harbour Waterproofing', role: 'field', email, status: 'pending' });
    expect((await teamOf(owner)).invitations.map((pending) => pending.email)).toEqual([email]);

    const joiner = await registerConfirmedUser(app, mail, email);
    const accepted = await accept(joiner, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const answer = acceptedInvitationSchema.parse(accepted.json());
    expect(answer).toMatchObject({ business: { id: businessId, name: 'Harbour Waterproofing' }, role: 'field' });
    // The fresh session carries the new business; the old one has ended.
    expect(claimsOf(answer.session)).toMatchObject({ bid: businessId, member_role: 'field' });
    expect((await app.inject({ url: '/api/team', headers: bearer(joiner) })).statusCode).toBe(401);
    expect(await membershipOf(database.db, joiner.user.id)).toEqual({ businessId, role: 'field' });
    // Their signature is theirs: it came with them, not deleted with their old business.
    const signature = await query(
      'select f.business_id from profiles p join files f on f.id = p.signature_file_id where p.id = $1',
      [joiner.user.id],
    );
    expect(signature.rows).toEqual([{ business_id: businessId }]);

    const team = await teamOf(answer.session);
    expect(team.you).toEqual({ user_id: joiner.user.id, role: 'field' });
    expect(team.members.map((member) => [member.email, member.role])).toEqual([
      [owner.user.email, 'owner'],
      [email, 'field'],
    ]);
    expect(team.invitations).toEqual([]);
    expect((await preview(token)).json()).toMatchObject({ status: 'used' });

    const events = await query(
      `select type, data from audit_events where subject_kind = 'business' and subject_id = $1 order by occurred_at`,
      [businessId],
    );
    expect(events.rows.map((row) => row.type)).toEqual(['member.invited', 'member.joined']);
  });

  it('works once: a second accept is refused and changes nothing', async () => {
    const { owner } = await namedOwner();
    const email = uniqueEmail('twice');
    await invited(owner, email, 'office');
    const token = await mailedToken(email);
    const joiner = await registerConfirmedUser(app, mail, email);
    const first = await accept(joiner, token);
    expect(first.statusCode, first.body).toBe(200);
    const again = await accept(acceptedInvitationSchema.parse(first.json()).session, token);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'conflict', message: teamMessages.invitationUsed });
  });

  it('accepted from two tabs at once: exactly one joins', async () => {
    const { owner, businessId } = await namedOwner();
    const email = uniqueEmail('racing');
    await invited(owner, email, 'field');
    const token = await mailedToken(email);
    const joiner = await registerConfirmedUser(app, mail, email);
    const answers = await Promise.all([accept(joiner, token), accept(joiner, token), accept(joiner, token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await membershipOf(database.db, joiner.user.id)).toEqual({ businessId, role: 'field' });
    expect((await teamOf(owner)).members).toHaveLength(2);
  });

  it('is refused to an owner whose own business has other members', async () => {
    const { owner } = await namedOwner();
    const email = uniqueEmail('busy-owner');
    await invited(owner, email, 'office');
    const token = await mailedToken(email);
    const otherOwner = await registerConfirmedUser(app, mail, email);
    await addMember(app, mail, database.db, otherOwner, 'field');
    const refused = await accept(otherOwner, token);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ code: 'conflict', message: teamMessages.ownerWithMembers });
    expect((await membershipOf(database.db, otherOwner.user.id)).role).toBe('owner');
  });

  it('is refused to another address, naming the one to sign in with', async () => {
    const { owner } = await namedOwner();
    const email = uniqueEmail('intended');
    await invited(owner, email, 'field');
    const token = await mailedToken(email);
    const stranger = await registerConfirmedUser(app, mail);
    const refused = await accept(stranger, token);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'forbidden', message: teamMessages.wrongAddress(email) });
    expect((await membershipOf(database.db, stranger.user.id)).role).toBe('owner');
    expect((await preview(token)).json()).toMatchObject({ status: 'pending' });
  });

  it('resent: the old link dies and the new one works', async () => {
    const { owner } = await namedOwner();
    const email = uniqueEmail('resent');
    const invitation = await invited(owner, email, 'field');
    const oldToken = await mailedToken(email);
    const resent = await app.inject({
      method: 'POST',
      url: `/api/team/invitations/${invitation.id}/resend`,
      headers: bearer(owner),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const newToken = await mailedToken(email);
    expect(newToken).not.toBe(oldToken);
    expect((await preview(oldToken)).statusCode).toBe(404);
    const joiner = await registerConfirmedUser(app, mail, email);
    expect((await accept(joiner, oldToken)).statusCode).toBe(404);
    expect((await accept(joiner, newToken)).statusCode).toBe(200);
  });

  it('revoked: its link says so and cannot be accepted', async () => {
    const { owner, businessId } = await namedOwner();
    const email = uniqueEmail('revoked');
    const invitation = await invited(owner, email, 'office');
    const token = await mailedToken(email);
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/team/invitations/${invitation.id}`,
      headers: bearer(owner),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await preview(token)).json()).toMatchObject({ status: 'revoked' });
    const joiner = await registerConfirmedUser(app, mail, email);
    const refused = await accept(joiner, token);
    expect(errorOf(refused)).toEqual({ code: 'conflict', message: teamMessages.invitationRevoked });
    expect((await teamOf(owner)).invitations).toEqual([]);
    expect(await membershipOf(database.db, joiner.user.id)).not.toMatchObject({ businessId });
  });

  it('expired: its link says so and cannot be accepted', async () => {
    const { owner } = await namedOwner();
    const email = uniqueEmail('expired');
    const invitation = await invited(owner, email, 'field');
    const token = await mailedToken(email);
    await query(`update invitations set expires_at = now() - interval '1 minute' where id = $1`, [invitation.id]);
    expect((await preview(token)).json()).toMatchObject({ status: 'expired' });
    const joiner = await registerConfirmedUser(app, mail, email);
    const refused = await accept(joiner, token);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toEqual({ code: 'link_expired', message: teamMessages.invitationExpired });
  });

  it('an unknown link is 404 with the link words', async () => {
    const response = await preview('a'.repeat(43));
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'not_found', message: teamMessages.invitationLinkNotFound });
  });

  it('to a member or an address already invited is 409, suggesting Resend', async () => {
    const { owner } = await namedOwner();
    const email = uniqueEmail('again');
    await invited(owner, email, 'field');
    const twice = await invite(owner, email.toUpperCase(), 'office');
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toEqual({ code: 'conflict', message: teamMessages.alreadyInvited(email) });
    const member = await addMember(app, mail, database.db, owner, 'field');
    const already = await invite(owner, member.user.email, 'field');
    expect(errorOf(already)).toEqual({ code: 'conflict', message: teamMessages.alreadyMember(member.user.email) });
  });

  it(`is bounded: at most ${PENDING_INVITATIONS_PER_BUSINESS} waiting per business`, async () => {
    const { owner, businessId } = await namedOwner();
    // Filled by SQL: the rate per business would refuse that many requests first.
    await query(
      `insert into invitations (business_id, email, role, token_hash, invited_by, expires_at)
       select $1, 'filler-' || n || '@example.com', 'field', md5(random()::text) || n, $2, now() + interval '7 days'
       from generate_series(1, $3::int) n`,
      [businessId, owner.user.id, PENDING_INVITATIONS_PER_BUSINESS],
    );
    const refused = await invite(owner, uniqueEmail('one-too-many'), 'field');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ code: 'conflict', message: teamMessages.invitationLimit });
  });
});

describe('who may invite', () => {
  it('a field member may not invite anyone', async () => {
    const { owner } = await namedOwner();
    const field = await addMember(app, mail, database.db, owner, 'field');
    for (const role of ['field', 'office'] as const) {
      const refused = await invite(field, uniqueEmail('by-field'), role);
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toEqual({ code: 'forbidden', message: teamMessages.forbidden });
    }
    expect((await teamOf(owner)).invitations).toEqual([]);
  });

  it('an office member invites field crew only, and resends or revokes only theirs', async () => {
    const { owner } = await namedOwner();
    // Premium's seats: room for the office member and two invitations (ADR 0077).
    await grantPremium(database.db, owner.user.id);
    const office = await addMember(app, mail, database.db, owner, 'office');
    const refused = await invite(office, uniqueEmail('office-by-office'), 'office');
    expect(refused.statusCode).toBe(403);
    const fieldInvitation = await invited(office, uniqueEmail('field-by-office'), 'field');
    const officeInvitation = await invited(owner, uniqueEmail('office-by-owner'), 'office');
    for (const onOffice of await resendAndRevoke(office, officeInvitation.id)) expect(onOffice.statusCode).toBe(403);
    const [resent, revoked] = await resendAndRevoke(office, fieldInvitation.id);
    expect([resent?.statusCode, revoked?.statusCode]).toEqual([200, 200]);
  });

  it("another business's invitation is not found", async () => {
    const { owner } = await namedOwner();
    const invitation = await invited(owner, uniqueEmail('theirs'), 'field');
    const other = await registerConfirmedUser(app, mail);
    for (const response of await resendAndRevoke(other, invitation.id)) {
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toEqual({ code: 'not_found', message: teamMessages.invitationNotFound });
    }
  });
});

describe("the joiner's own business", () => {
  async function joinerWithCertificate() {
    const { owner, businessId } = await namedOwner();
    const email = uniqueEmail('with-records');
    await invited(owner, email, 'field');
    const token = await mailedToken(email);
    const joiner = await registerConfirmedUser(app, mail, email);
    const certificateId = await createCompletedCertificate(app, joiner);
    return { businessId, joiner, token, certificateId };
  }

  it('holding records: joining asks what becomes of them, naming the counts', async () => {
    const { joiner, token } = await joinerWithCertificate();
    const asked = await accept(joiner, token);
    expect(asked.statusCode).toBe(409);
    expect(errorOf(asked)).toEqual({
      code: 'records_to_resolve',
      message: teamMessages.recordsToResolve({ certificates: 1, safety_documents: 0 }, 'Harbour Waterproofing'),
      details: [
        { path: 'certificates', message: '1' },
        { path: 'safety_documents', message: '0' },
      ],
    });
    expect((await preview(token)).json()).toMatchObject({ status: 'pending' });
  });

  it("'discard' deletes them with the old business, and joins", async () => {
    const { businessId, joiner, token, certificateId } = await joinerWithCertificate();
    const old = await membershipOf(database.db, joiner.user.id);
    const joined = await accept(joiner, token, { records: 'discard' });
    expect(joined.statusCode, joined.body).toBe(200);
    expect((await query('select 1 from certificates where id = $1', [certificateId])).rowCount).toBe(0);
    expect((await query('select 1 from businesses where id = $1', [old.businessId])).rowCount).toBe(0);
    expect(await membershipOf(database.db, joiner.user.id)).toEqual({ businessId, role: 'field' });
  });

  it('is kept while its Premium renews: joining is refused as deletion is', async () => {
    const { owner } = await namedOwner();
    const email = uniqueEmail('premium');
    await invited(owner, email, 'office');
    const token = await mailedToken(email);
    const joiner = await registerConfirmedUser(app, mail, email);
    const paid = await app.inject({
      method: 'POST',
      url: '/api/billing/test/complete',
      headers: bearer(joiner),
      payload: { interval: 'yearly' },
    });
    expect(paid.statusCode).toBe(200);
    const refused = await accept(joiner, token);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ code: 'conflict', message: teamMessages.subscriptionStillActive });
    expect((await preview(token)).json()).toMatchObject({ status: 'pending' });
  });
});
