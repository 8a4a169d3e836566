import {
  type AcceptedInvitation,
  CUSTOM_TEMPLATES_PER_BUSINESS,
  errorCodes,
  INVITATION_LIFETIME_DAYS,
  type Invitation,
  type InvitationPreview,
  type InvitationRequest,
  type JoiningRecordsChoice,
  PENDING_INVITATIONS_PER_BUSINESS,
  type RecordsToResolve,
  rateLimits,
  seatMessages,
  teamMessages,
} from '@app/contract';
import type { Database, Queryable } from '../../db/client.ts';
import { deleteBusinessLeftEmpty, membershipOf, moveSignatureTo } from '../../platform/accounts/memberships.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import { randomToken, sha256Hex } from '../../platform/crypto/tokens.ts';
import { entitlements } from '../../platform/entitlements/entitlements.ts';
import { AppError } from '../../platform/errors.ts';
import type { MemberSessions } from '../../platform/feature-module.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { limitSubject, type RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { invitationMail, TEAM_INVITATION_QUEUE, type TeamInvitationJob } from './team-mail.ts';
import { assertMayManage, businessNameOf } from './team-rules.ts';
import { toInvitation } from './team-views.ts';
import { type InvitationByLink, teamsRepo } from './teams.repo.ts';

export type InvitationDependencies = {
  db: Database;
  jobs: JobQueue;
  limits: RateLimiter;
  mailer: Mailer;
  publicOrigin: () => string;
  /** Auth's, read when called. */
  sessions: () => MemberSessions;
  /** Billing's: joining is refused while the joiner's own Premium renews, as deletion is. */
  hasRenewingSubscription: (userId: string) => Promise<boolean>;
  clock: () => Date;
};

type AcceptInput = { records?: JoiningRecordsChoice | undefined };

const invitationNotFound = () => new AppError(404, errorCodes.notFound, teamMessages.invitationNotFound);
const conflict = (message: string) => new AppError(409, errorCodes.conflict, message);

/** A hash whose token nobody holds: the invitation's link is live only once its mail job mints one. */
const unheldTokenHash = () => sha256Hex(randomToken());

/** Why a link cannot be accepted, in the words its page shows. */
function refusalOf(invitation: InvitationByLink): AppError | undefined {
  switch (invitation.status) {
    case 'pending':
      return undefined;
    case 'expired':
      return new AppError(400, errorCodes.linkExpired, teamMessages.invitationExpired);
    case 'used':
      return conflict(teamMessages.invitationUsed);
    case 'revoked':
      return conflict(teamMessages.invitationRevoked);
  }
}

function recordsToResolve(records: RecordsToResolve, message: string): AppError {
  return new AppError(409, errorCodes.recordsToResolve, message, [
    { path: 'certificates', message: String(records.certificates) },
    { path: 'safety_documents', message: String(records.safety_documents) },
  ]);
}

/** Invitations to the caller's business, and joining it by the emailed link (ADR 0077). */
export class InvitationsService {
  constructor(private readonly dependencies: InvitationDependencies) {}

  /**
   * Invites an address as office or field: one open invitation per address, at most
   * PENDING_INVITATIONS_PER_BUSINESS open, and a rate per business (each is a mail to a stranger).
   */
  async invite(caller: AuthenticatedCaller, input: InvitationRequest, origin: RequestMetadata): Promise<Invitation> {
    assertMayManage(caller.role, input.role);
    const { db, jobs } = this.dependencies;
    await this.limitMail(caller.businessId);
    const invitation = await db.transaction(async (tx) => {
      await teamsRepo.lockInvitationsOf(tx, caller.businessId);
      if (await teamsRepo.isMemberByEmail(tx, caller.businessId, input.email)) {
        throw conflict(teamMessages.alreadyMember(input.email));
      }
      const open = await teamsRepo.openInvitations(tx, caller.businessId);
      if (open.some((invitation) => invitation.email === input.email)) {
        throw conflict(teamMessages.alreadyInvited(input.email));
      }
      if (open.length >= PENDING_INVITATIONS_PER_BUSINESS) throw conflict(teamMessages.invitationLimit);
      // Waiting invitations hold seats (ADR 0077): an invitation is a promise of one.
      const plan = await entitlements.seatsOf(tx, caller.businessId, this.dependencies.clock());
      if ((await teamsRepo.memberCount(tx, caller.businessId)) + open.length >= plan.included) {
        throw conflict(seatMessages.seatsTaken(plan.included, plan.premium));
      }
      const row = await teamsRepo.insert(
        tx,
        {
          businessId: caller.businessId,
          email: input.email,
          role: input.role,
          invitedBy: caller.userId,
          tokenHash: unheldTokenHash(),
        },
        INVITATION_LIFETIME_DAYS,
      );
      await audit.record(tx, {
        type: 'member.invited',
        data: { invitationId: row.id, role: row.role },
        actor: { kind: 'user', userId: caller.userId },
        subject: { kind: 'business', id: caller.businessId },
        origin,
      });
      await jobs.enqueue<TeamInvitationJob>(tx, TEAM_INVITATION_QUEUE, { invitationId: row.id });
      return teamsRepo.openInvitation(tx, caller.businessId, row.id);
    });
    jobs.wake(TEAM_INVITATION_QUEUE);
    if (!invitation) throw new Error('invitation vanished inside its own transaction');
    return toInvitation(invitation);
  }

  /** A new link and a new lifetime, mailed again; the link mailed before stops working at once. */
  async resend(caller: AuthenticatedCaller, id: string): Promise<Invitation> {
    const { db, jobs } = this.dependencies;
    const found = await teamsRepo.openInvitation(db, caller.businessId, id);
    if (!found) throw invitationNotFound();
    assertMayManage(caller.role, found.role);
    await this.limitMail(caller.businessId);
    const renewed = await db.transaction(async (tx) => {
      const row = await teamsRepo.setTokenHash(tx, id, unheldTokenHash(), INVITATION_LIFETIME_DAYS);
      if (!row) throw invitationNotFound();
      await jobs.enqueue<TeamInvitationJob>(tx, TEAM_INVITATION_QUEUE, { invitationId: id });
      return row;
    });
    jobs.wake(TEAM_INVITATION_QUEUE);
    return toInvitation({ ...renewed, invitedByName: found.invitedByName });
  }

  async revoke(caller: AuthenticatedCaller, id: string, origin: RequestMetadata): Promise<void> {
    const { db } = this.dependencies;
    const found = await teamsRepo.openInvitation(db, caller.businessId, id);
    if (!found) throw invitationNotFound();
    assertMayManage(caller.role, found.role);
    await db.transaction(async (tx) => {
      if (!(await teamsRepo.revoke(tx, caller.businessId, id))) throw invitationNotFound();
      await audit.record(tx, {
        type: 'invitation.revoked',
        data: { invitationId: id },
        actor: { kind: 'user', userId: caller.userId },
        subject: { kind: 'business', id: caller.businessId },
        origin,
      });
    });
  }

  /**
   * The queue's worker: mints the link and mails it. Each attempt mints a fresh one, so no unsent
   * link is ever live; an invitation accepted or revoked meanwhile is not mailed.
   */
  async deliver(job: TeamInvitationJob): Promise<void> {
    const { db, mailer, publicOrigin } = this.dependencies;
    const invitation = await teamsRepo.forMail(db, job.invitationId);
    if (!invitation) return;
    const token = randomToken();
    if (!(await teamsRepo.setTokenHash(db, invitation.id, sha256Hex(token)))) return;
    const mail = invitationMail(
      invitation.email,
      {
        inviterName: invitation.invitedByName ?? 'A member',
        businessName: businessNameOf(invitation.businessName),
        role: invitation.role,
      },
      `${publicOrigin()}/invite/${token}`,
    );
    await mailer.send(mail);
  }

  /** What the link's page shows, to anyone holding it. One indexed lookup by hash, hit or miss. */
  async preview(token: string): Promise<InvitationPreview> {
    const invitation = await teamsRepo.findByTokenHash(this.dependencies.db, sha256Hex(token));
    if (!invitation) throw new AppError(404, errorCodes.notFound, teamMessages.invitationLinkNotFound);
    return {
      business_name: businessNameOf(invitation.businessName),
      role: invitation.role,
      email: invitation.email,
      status: invitation.status,
    };
  }

  /**
   * Joins the business the link names, signed in with the invited address (ADR 0077). The consume is
   * one guarded update, so a link works once however many tabs race; the joiner's one-person
   * business goes, with their records only when they said so; their sessions end and a fresh one,
   * carrying the new business and role, is answered.
   */
  async accept(
    caller: AuthenticatedCaller,
    token: string,
    input: AcceptInput,
    origin: RequestMetadata,
  ): Promise<AcceptedInvitation> {
    const { db } = this.dependencies;
    const tokenHash = sha256Hex(token);
    const invitation = await teamsRepo.findByTokenHash(db, tokenHash);
    if (!invitation) throw new AppError(404, errorCodes.notFound, teamMessages.invitationLinkNotFound);
    const refusal = refusalOf(invitation);
    if (refusal) throw refusal;
    const account = await teamsRepo.account(db, caller.userId);
    if (account?.email !== invitation.email || !account.confirmed) {
      throw new AppError(403, errorCodes.forbidden, teamMessages.wrongAddress(invitation.email));
    }
    const businessName = businessNameOf(invitation.businessName);
    if (caller.businessId === invitation.businessId) throw conflict(teamMessages.alreadyInBusiness(businessName));
    if (await this.dependencies.hasRenewingSubscription(caller.userId)) {
      throw conflict(teamMessages.subscriptionStillActive);
    }
    const sessions = this.dependencies.sessions();
    const { ended, session } = await db.transaction(async (tx) => {
      await teamsRepo.lockInvitationsOf(tx, invitation.businessId);
      const consumed = await teamsRepo.consume(tx, tokenHash);
      if (!consumed) throw conflict(teamMessages.invitationUsed);
      // The invitation held a seat, unless the business has lost seats since (a lapse).
      const plan = await entitlements.seatsOf(tx, consumed.businessId, this.dependencies.clock());
      if ((await teamsRepo.memberCount(tx, consumed.businessId)) >= plan.included) {
        throw conflict(seatMessages.noSeatToJoin);
      }
      await teamsRepo.lockMembershipOf(tx, caller.userId);
      const current = await membershipOf(tx, caller.userId);
      const othersInOwnBusiness = (await teamsRepo.memberCount(tx, current.businessId)) - 1;
      if (current.role === 'owner' && othersInOwnBusiness > 0) throw conflict(teamMessages.ownerWithMembers);
      const records =
        othersInOwnBusiness === 0
          ? await this.settleRecords(tx, current.businessId, consumed.businessId, input.records, businessName)
          : undefined;
      await moveSignatureTo(tx, caller.userId, consumed.businessId);
      await deleteBusinessLeftEmpty(tx, caller.userId);
      await teamsRepo.leave(tx, caller.userId);
      await teamsRepo.join(tx, consumed.businessId, caller.userId, consumed.role);
      await audit.record(tx, {
        type: 'member.joined',
        data: { userId: caller.userId, invitationId: consumed.id, role: consumed.role, ...(records && { records }) },
        actor: { kind: 'user', userId: caller.userId },
        subject: { kind: 'business', id: consumed.businessId },
        origin,
      });
      const ended = await sessions.endAll(tx, caller.userId);
      return { ended, session: await sessions.start(tx, caller.userId, origin) };
    });
    sessions.refuse(ended);
    return { business: { id: invitation.businessId, name: businessName }, role: invitation.role, session };
  }

  /**
   * Nothing of the joiner's one-person business is dropped without their answer (ADR 0077): 'bring'
   * moves its records into the business they join (ADR 0089); 'discard' leaves them to go with it.
   * Answers the choice when there was one to make.
   */
  private async settleRecords(
    tx: Queryable,
    ownBusinessId: string,
    joiningBusinessId: string,
    choice: JoiningRecordsChoice | undefined,
    businessName: string,
  ): Promise<JoiningRecordsChoice | undefined> {
    const held = await teamsRepo.recordsOf(tx, ownBusinessId);
    if (held.certificates + held.safety_documents === 0) return undefined;
    if (!choice) throw recordsToResolve(held, teamMessages.recordsToResolve(held, businessName));
    if (choice === 'bring') {
      const templates =
        (await teamsRepo.checklistTemplateCount(tx, ownBusinessId)) +
        (await teamsRepo.checklistTemplateCount(tx, joiningBusinessId));
      if (templates > CUSTOM_TEMPLATES_PER_BUSINESS) throw conflict(teamMessages.bringPastTemplateLimit(businessName));
      await teamsRepo.bringRecords(tx, ownBusinessId, joiningBusinessId);
    }
    return choice;
  }

  private limitMail(businessId: string): Promise<void> {
    return this.dependencies.limits.enforce(
      rateLimits.teamInvitationsPerBusiness,
      limitSubject.of('business', businessId),
    );
  }
}
