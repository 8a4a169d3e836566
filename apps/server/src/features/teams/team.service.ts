import {
  type ActivityPage,
  DEFAULT_TIME_ZONE,
  errorCodes,
  type InvitableRole,
  isUuid,
  seatMessages,
  type Team,
  type TeamMember,
  type TeamSettings,
  teamMessages,
} from '@app/contract';
import type { Database } from '../../db/client.ts';
import { businessOf, businessSettingsOf } from '../../platform/accounts/business.ts';
import { moveSignatureTo, startOwnBusiness } from '../../platform/accounts/memberships.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import { entitlements } from '../../platform/entitlements/entitlements.ts';
import { seats } from '../../platform/entitlements/seats.ts';
import { AppError } from '../../platform/errors.ts';
import type { FeatureJoints, MemberSessions } from '../../platform/feature-module.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import { activityPage } from './activity.service.ts';
import { assertMayManage, assertOwner, businessNameOf } from './team-rules.ts';
import { toInvitation } from './team-views.ts';
import { type MemberView, teamsRepo } from './teams.repo.ts';

export type TeamDependencies = {
  db: Database;
  /** Auth's, read when called. */
  sessions: () => MemberSessions;
  /** API access's: a removed member's tokens stop at once. */
  revokeApiTokensOf: () => NonNullable<FeatureJoints['revokeApiTokensOf']>;
  clock: () => Date;
};

const memberNotFound = () => new AppError(404, errorCodes.notFound, teamMessages.memberNotFound);
const conflict = (message: string) => new AppError(409, errorCodes.conflict, message);

/** The members of the caller's business: the list, role changes, removal (ADR 0077). */
export class TeamService {
  constructor(private readonly dependencies: TeamDependencies) {}

  /** The owner's activity view: the business's audit trail, page by page (ADR 0090). */
  activity(caller: AuthenticatedCaller, query: Parameters<typeof activityPage>[2]): Promise<ActivityPage> {
    return activityPage(this.dependencies.db, caller, query);
  }

  async team(caller: AuthenticatedCaller): Promise<Team> {
    const { db, clock } = this.dependencies;
    const now = clock();
    const [name, settings, members, invitations, plan, seated] = await Promise.all([
      teamsRepo.businessName(db, caller.businessId),
      businessSettingsOf(db, caller.businessId),
      teamsRepo.members(db, caller.businessId),
      teamsRepo.openInvitations(db, caller.businessId),
      entitlements.seatsOf(db, caller.businessId, now),
      seats.seatedMembers(db, caller.businessId, now),
    ]);
    return {
      business: { id: caller.businessId, name: name ?? '' },
      settings: { review_before_issue: settings.reviewBeforeIssue },
      you: { user_id: caller.userId, role: caller.role },
      members: members.map((member) => toMember(member, seated.has(member.userId))),
      invitations: invitations.map(toInvitation),
      seats: { used: members.length + invitations.length, included: plan.included, extra: plan.extra },
    };
  }

  /** Owner or office (the route's permission) set the business's settings. */
  async setSettings(caller: AuthenticatedCaller, settings: TeamSettings): Promise<TeamSettings> {
    await teamsRepo.setReviewBeforeIssue(this.dependencies.db, caller.businessId, settings.review_before_issue);
    return settings;
  }

  /**
   * The owner picks who keeps a seat when the members outnumber the seats (ADR 0077): the chosen, in
   * the order given, and the owner; the others read until picked. Nobody and nothing is removed.
   */
  async chooseSeats(caller: AuthenticatedCaller, userIds: readonly string[]): Promise<Team> {
    assertOwner(caller.role);
    const chosen = [...new Set(userIds)].filter((userId) => userId !== caller.userId);
    await this.dependencies.db.transaction(async (tx) => {
      const members = await teamsRepo.lockMembers(tx, caller.businessId);
      const memberIds = new Set(members.map((member) => member.userId));
      if (!chosen.every((userId) => memberIds.has(userId))) throw conflict(seatMessages.notAMember);
      const plan = await entitlements.seatsOf(tx, caller.businessId, this.dependencies.clock());
      if (chosen.length + 1 > plan.included) throw conflict(seatMessages.tooManyChosen(plan.included));
      await seats.choose(tx, caller.businessId, chosen);
    });
    return this.team(caller);
  }

  /**
   * The owner gives a member another role. Their sessions end in the same transaction (ADR 0078), so
   * no access token carrying the old role is honoured after commit.
   */
  async changeRole(
    caller: AuthenticatedCaller,
    userId: string,
    role: InvitableRole,
    origin: RequestMetadata,
  ): Promise<TeamMember> {
    assertOwner(caller.role);
    if (!isUuid(userId)) throw memberNotFound();
    const sessions = this.dependencies.sessions();
    const { member, ended } = await this.dependencies.db.transaction(async (tx) => {
      const member = await teamsRepo.lockMember(tx, caller.businessId, userId);
      if (!member) throw memberNotFound();
      if (member.role === 'owner') throw conflict(teamMessages.ownerRoleFixed);
      if (member.role === role) return { member, ended: [] };
      await teamsRepo.setRole(tx, userId, role);
      await audit.record(tx, {
        type: 'member.role_changed',
        data: { userId, from: member.role, to: role },
        actor: { kind: 'user', userId: caller.userId },
        subject: { kind: 'business', id: caller.businessId },
        origin,
      });
      return { member: { ...member, role }, ended: await sessions.endAll(tx, userId) };
    });
    sessions.refuse(ended);
    const seated = await seats.holds(this.dependencies.db, caller.businessId, userId, this.dependencies.clock());
    return toMember(member, seated);
  }

  /**
   * Removes a member (ADR 0077, Removal), in one transaction: they get an empty business of their
   * own, their API tokens and sessions end (announced to every instance), and the removal is kept
   * so their next refresh says why. Their records stay with this business.
   */
  async removeMember(caller: AuthenticatedCaller, userId: string, origin: RequestMetadata): Promise<void> {
    if (!isUuid(userId)) throw memberNotFound();
    if (userId === caller.userId) throw conflict(teamMessages.cannotRemoveYourself);
    const sessions = this.dependencies.sessions();
    const ended = await this.dependencies.db.transaction(async (tx) => {
      const member = await teamsRepo.lockMember(tx, caller.businessId, userId);
      if (!member) throw memberNotFound();
      if (member.role === 'owner') throw conflict(teamMessages.ownerCannotBeRemoved);
      assertMayManage(caller.role, member.role);
      const business = await businessOf(tx, caller.businessId);
      await teamsRepo.recordRemoval(tx, userId, businessNameOf(business?.companyName ?? null));
      await teamsRepo.leave(tx, userId);
      const ownBusinessId = await startOwnBusiness(tx, userId, { timeZone: business?.timeZone ?? DEFAULT_TIME_ZONE });
      await moveSignatureTo(tx, userId, ownBusinessId);
      await this.dependencies.revokeApiTokensOf()(tx, userId);
      await audit.record(tx, {
        type: 'member.removed',
        data: { userId },
        actor: { kind: 'user', userId: caller.userId },
        subject: { kind: 'business', id: caller.businessId },
        origin,
      });
      return sessions.endAll(tx, userId);
    });
    sessions.refuse(ended);
  }

  /** For auth's refresh: the business whose removal of the holder ended this session. */
  removalEndingSession(sessionId: string): Promise<string | undefined> {
    return teamsRepo.removalEndingSession(this.dependencies.db, sessionId);
  }
}

function toMember(member: MemberView, seated: boolean): TeamMember {
  return {
    user_id: member.userId,
    name: member.name ?? '',
    email: member.email,
    role: member.role,
    joined_at: member.joinedAt.toISOString(),
    seated,
  };
}
