import {
  type ActivityActor,
  type ActivityEntry,
  type ActivityPage,
  type ActivityQuery,
  DEFAULT_TIME_ZONE,
  type DocumentKind,
  documentKinds,
  type MemberRole,
} from '@app/contract';
import type { Database } from '../../db/client.ts';
import { businessOf } from '../../platform/accounts/business.ts';
import { type AuditEventBody, auditEventSchema } from '../../platform/audit/audit-events.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import { decodeCursor, keysetPage } from '../../platform/http/list-cursor.ts';
import { type ActivityRow, activityOf } from './activity.repo.ts';

type ActivityRequest = Omit<ActivityQuery, 'limit'> & { limit: number };

/**
 * The owner's activity view (ADR 0090): the business's audit trail, newest first, page by page,
 * with who did it and what it was about. The owner-only permission is checked before this runs.
 */
export async function activityPage(
  db: Database,
  caller: AuthenticatedCaller,
  { member, kind, cursor, limit }: ActivityRequest,
): Promise<ActivityPage> {
  const [rows, business] = await Promise.all([
    activityOf(db, { businessId: caller.businessId, memberId: member, kind, after: decodeCursor(cursor), limit }),
    businessOf(db, caller.businessId),
  ]);
  const page = keysetPage.of(rows, limit, (row) => ({ createdAt: row.position, id: row.id }));
  return {
    items: page.rows.map(toEntry),
    next_cursor: page.next_cursor,
    time_zone: business?.timeZone ?? DEFAULT_TIME_ZONE,
  };
}

const isDocumentKind = (kind: string): kind is DocumentKind => (documentKinds as readonly string[]).includes(kind);

function toEntry(row: ActivityRow): ActivityEntry {
  // Every row was checked against the union when it was recorded; parsing types its data.
  const event = auditEventSchema.parse({ type: row.type, data: row.data });
  const { role, fromRole } = rolesOf(event);
  return {
    id: row.id,
    occurred_at: row.occurredAt.toISOString(),
    // Typechecks only while the contract's ACTIVITY_EVENT_TYPES holds every type of the trail.
    type: event.type,
    actor: actorOf(row.actorKind),
    by: row.byId === null ? null : { user_id: row.byId, name: row.byName ?? '' },
    signer: row.signerName,
    record: isDocumentKind(row.subjectKind)
      ? { kind: row.subjectKind, id: row.subjectId, number: numberOf(event), version: versionOf(event) }
      : null,
    member: row.memberId === null ? null : { user_id: row.memberId, name: row.memberName ?? '' },
    email: row.invitationEmail,
    role,
    from_role: fromRole,
  };
}

const actorOf = (kind: string): ActivityActor => (kind === 'user' ? 'member' : kind === 'signer' ? 'signer' : 'system');

function rolesOf(event: AuditEventBody): { role: MemberRole | null; fromRole: MemberRole | null } {
  switch (event.type) {
    case 'member.invited':
    case 'member.joined':
      return { role: event.data.role, fromRole: null };
    case 'member.role_changed':
      return { role: event.data.to, fromRole: event.data.from };
    default:
      return { role: null, fromRole: null };
  }
}

const numberOf = (event: AuditEventBody): string | null =>
  event.type === 'document.issued' || event.type === 'document.deleted' || event.type === 'document.withdrawn'
    ? event.data.number || null
    : null;

const versionOf = (event: AuditEventBody): number | null =>
  event.type === 'document.issued' ? event.data.version : null;
