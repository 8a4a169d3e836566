import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Who did what to which document, when and from where (platform/audit). Append-only: a trigger
 * refuses UPDATE, DELETE and TRUNCATE (migration 0009, ADR 0011). No foreign keys, so deleting a
 * user or a document never has to touch the trail.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The statement's time, not the transaction's: events written in one transaction keep their order.
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    actorKind: text('actor_kind').notNull(),
    actorUserId: uuid('actor_user_id'),
    /** The acting user's business when it happened; null on rows from before businesses (ADR 0077). */
    businessId: uuid('business_id'),
    subjectKind: text('subject_kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    type: text('type').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    data: jsonb('data').notNull(),
  },
  (table) => [
    index('audit_events_subject_idx').on(table.subjectKind, table.subjectId, table.occurredAt),
    // The owner's activity view, newest first by business (ADR 0090); rows from before businesses have none.
    index('audit_events_business_occurred_idx')
      .on(table.businessId, table.occurredAt.desc(), table.id.desc())
      .where(sql`${table.businessId} is not null`),
    check(
      'audit_events_actor_valid',
      sql`(${table.actorKind} = 'user') = (${table.actorUserId} is not null) and ${table.actorKind} in ('user', 'signer', 'system')`,
    ),
  ],
);
