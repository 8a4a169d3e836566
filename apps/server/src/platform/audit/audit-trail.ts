import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { memberships } from '../accounts/business.schema.ts';
import type { RequestMetadata } from '../http/request-metadata.ts';
import { auditEvents } from './audit.schema.ts';
import {
  type AuditActor,
  type AuditEventBody,
  type AuditSubject,
  auditActorSchema,
  auditEventSchema,
  auditSubjectSchema,
} from './audit-events.ts';

/** An event to record: what happened, who did it, to what, and from where. */
export type AuditEvent = AuditEventBody & {
  actor: AuditActor;
  subject: AuditSubject;
  /** The request it came from (`requestMetadataOf`); null for events no request caused (jobs, webhooks). */
  origin: RequestMetadata | null;
  /**
   * The business of an event no member did (a signer's, or the system's about a document): the
   * document's, so the owner's activity view lists it (ADR 0090). A member's is read from them.
   */
  business?: string;
};
export type RecordedAuditEvent = AuditEvent & { id: string; occurredAt: Date };

type AuditRow = typeof auditEvents.$inferSelect;

function toEvent(row: AuditRow): RecordedAuditEvent {
  return {
    ...auditEventSchema.parse({ type: row.type, data: row.data }),
    id: row.id,
    occurredAt: row.occurredAt,
    actor: auditActorSchema.parse({ kind: row.actorKind, userId: row.actorUserId ?? undefined }),
    subject: auditSubjectSchema.parse({ kind: row.subjectKind, id: row.subjectId }),
    origin: row.ip === null ? null : { ip: row.ip, userAgent: row.userAgent },
  };
}

/** The append-only audit trail (ADR 0011). Rows are only ever inserted; the database refuses the rest. */
export const audit = {
  /**
   * Records `event` on `tx`, the caller's transaction, so the event exists exactly when the change it
   * describes does. The event is checked against its schema first: a malformed one is a bug, not data.
   * A user's event carries their business as it is then (ADR 0077), read in the same statement;
   * another's, the `business` given.
   */
  async record(tx: Queryable, event: AuditEvent): Promise<RecordedAuditEvent> {
    const { type, data } = auditEventSchema.parse(event);
    const actor = auditActorSchema.parse(event.actor);
    const subject = auditSubjectSchema.parse(event.subject);
    const [row] = await tx
      .insert(auditEvents)
      .values({
        actorKind: actor.kind,
        actorUserId: actor.kind === 'user' ? actor.userId : null,
        businessId:
          actor.kind === 'user'
            ? sql`(select ${memberships.businessId} from ${memberships} where ${memberships.userId} = ${actor.userId})`
            : (event.business ?? null),
        subjectKind: subject.kind,
        subjectId: subject.id,
        type,
        data,
        ip: event.origin?.ip ?? null,
        userAgent: event.origin?.userAgent ?? null,
      })
      .returning();
    if (!row) throw new Error('audit insert returned nothing');
    return toEvent(row);
  },

  /** Every event about `subject`, oldest first. */
  async forSubject(db: Queryable, subject: AuditSubject): Promise<RecordedAuditEvent[]> {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectKind, subject.kind), eq(auditEvents.subjectId, subject.id)))
      .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.id));
    return rows.map(toEvent);
  },
};
