import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../accounts/accounts.schema.ts';
import { businesses } from '../accounts/business.schema.ts';

/** What a retired id named: a certificate, or a photo that went with it. */
export const retiredKinds = ['certificate', 'photo'] as const;
export type RetiredKind = (typeof retiredKinds)[number];

/**
 * Ids of records deleted for good (ADR 0032, amended): a create sent again with one of them (an
 * outbox on another phone) is refused, never made afresh. One narrow row per deleted record, gone
 * with its business.
 */
export const retiredIds = pgTable(
  'retired_ids',
  {
    id: uuid('id').primaryKey(),
    /** Whose record it named: its business's outbox is told it was deleted, anyone else only that the id is taken. */
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Who deleted it; null once their account is deleted. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: retiredKinds }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('retired_ids_business_idx').on(table.businessId),
    check('retired_ids_kind_valid', sql`${table.kind} in ('certificate', 'photo')`),
  ],
);
