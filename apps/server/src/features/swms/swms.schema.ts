import { kernelHeadTableKinds } from '@app/contract';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, updatedAt } from '../../db/columns.ts';
import { users } from '../../platform/accounts/accounts.schema.ts';

/**
 * A SWMS or a cover sheet (ADR 0016): what does not change between its versions. `revision` counts
 * saves, for optimistic concurrency (a save names the revision it was made from); `current_version`
 * is the version edits go to. `ready` is the current version's readiness, kept for the list filter.
 */
export const safetyDocuments = pgTable(
  'safety_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: kernelHeadTableKinds }).notNull(),
    /** Per user and kind, e.g. SWMS-2026-0001 or CS-2026-0001. */
    number: text('number').notNull(),
    isTemplate: boolean('is_template').notNull().default(false),
    currentVersion: integer('current_version').notNull().default(1),
    revision: integer('revision').notNull().default(0),
    ready: boolean('ready').notNull().default(false),
    /** Deleting a document somebody signed withdraws it instead: it leaves lists, its versions stay. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('safety_documents_user_kind_number_unique').on(table.userId, table.kind, table.number),
    check('safety_documents_kind_valid', oneOf(table.kind, kernelHeadTableKinds)),
    index('safety_documents_user_kind_created_idx').on(
      table.userId,
      table.kind,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);
