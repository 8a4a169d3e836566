import type { DocumentKind } from '@app/contract';
import { type AnyColumn, and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../platform/accounts/accounts.schema.ts';
import { profiles } from '../../platform/accounts/business.schema.ts';
import { auditEvents } from '../../platform/audit/audit.schema.ts';
import { signatureRequests } from '../../platform/documents/documents.schema.ts';
import { keysetPage, type ListPosition } from '../../platform/http/list-cursor.ts';
import { invitations } from './teams.schema.ts';

/** One event of the business's trail with the names the activity view shows beside it. */
export type ActivityRow = {
  id: string;
  occurredAt: Date;
  /** occurred_at as PostgreSQL text, for the next page's cursor. */
  position: string;
  type: string;
  data: unknown;
  actorKind: string;
  subjectKind: string;
  subjectId: string;
  /** The acting member, null once their account is gone. */
  byId: string | null;
  byName: string | null;
  /** The member a team event is about (its `userId`), null once their account is gone or for other events. */
  memberId: string | null;
  memberName: string | null;
  /** The address an invitation event's invitation went to. */
  invitationEmail: string | null;
  /** The name a signing event's signer was sent under. */
  signerName: string | null;
};

export type ActivityFilter = {
  businessId: string;
  memberId?: string | undefined;
  kind?: DocumentKind | undefined;
  after?: ListPosition | undefined;
  limit: number;
};

// The name a member prints, else their address, as the lists' `made_by` gives it (contract teams/made-by.ts).
const nameOf = (user: { email: AnyColumn }, profile: { applicatorName: AnyColumn }) =>
  sql<string | null>`coalesce(nullif(${profile.applicatorName}, ''), ${user.email})`;

/**
 * The business's events, newest first, after `after`; one row more than `limit`. Only events
 * recorded with the business (ADR 0090): audit_events_business_occurred_idx serves the order, and
 * every name is read by primary key. The ids in `data` (`userId`, `invitationId`, `signerId`) were
 * checked as UUIDs when recorded (platform/audit/audit-events.ts), so the casts cannot fail.
 */
export async function activityOf(db: Queryable, filter: ActivityFilter): Promise<ActivityRow[]> {
  const byUser = alias(users, 'by_user');
  const byProfile = alias(profiles, 'by_profile');
  const memberUser = alias(users, 'member_user');
  const memberProfile = alias(profiles, 'member_profile');
  const memberIdOfEvent = sql`(${auditEvents.data}->>'userId')::uuid`;
  return db
    .select({
      id: auditEvents.id,
      occurredAt: auditEvents.occurredAt,
      position: keysetPage.position(auditEvents.occurredAt),
      type: auditEvents.type,
      data: auditEvents.data,
      actorKind: auditEvents.actorKind,
      subjectKind: auditEvents.subjectKind,
      subjectId: auditEvents.subjectId,
      byId: byUser.id,
      byName: nameOf(byUser, byProfile),
      memberId: memberUser.id,
      memberName: nameOf(memberUser, memberProfile),
      invitationEmail: invitations.email,
      signerName: signatureRequests.signerName,
    })
    .from(auditEvents)
    .leftJoin(byUser, eq(byUser.id, auditEvents.actorUserId))
    .leftJoin(byProfile, eq(byProfile.id, auditEvents.actorUserId))
    .leftJoin(memberUser, eq(memberUser.id, memberIdOfEvent))
    .leftJoin(memberProfile, eq(memberProfile.id, memberIdOfEvent))
    .leftJoin(
      invitations,
      and(
        eq(invitations.id, sql`(${auditEvents.data}->>'invitationId')::uuid`),
        eq(invitations.businessId, auditEvents.businessId),
      ),
    )
    .leftJoin(
      signatureRequests,
      and(
        eq(signatureRequests.id, sql`(${auditEvents.data}->>'signerId')::uuid`),
        eq(signatureRequests.businessId, auditEvents.businessId),
      ),
    )
    .where(
      and(
        eq(auditEvents.businessId, filter.businessId),
        filter.memberId === undefined ? undefined : eq(auditEvents.actorUserId, filter.memberId),
        filter.kind === undefined ? undefined : eq(auditEvents.subjectKind, filter.kind),
        keysetPage.after(auditEvents.occurredAt, auditEvents.id, filter.after),
      ),
    )
    .orderBy(desc(auditEvents.occurredAt), desc(auditEvents.id))
    .limit(filter.limit + 1);
}
