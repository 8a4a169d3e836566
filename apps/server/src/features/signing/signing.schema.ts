import { documentKinds } from '@app/contract';
import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../../platform/accounts/accounts.schema.ts';
import { businesses } from '../../platform/accounts/business.schema.ts';
import { documentKindColumn } from '../../platform/documents/documents.schema.ts';

/**
 * A document version a member of its business sent to someone (a builder) by email (ADR 0042): their own link,
 * stored only as the SHA-256 of its token (derived from the row id, as signing links are), and the
 * first time it was opened. Owned by signing, which knows every sendable kind through its sources.
 */
export const documentSends = pgTable(
  'document_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Who sent it; the record stays with the business when they go (ADR 0077). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    documentKind: documentKindColumn('document_kind', documentKinds),
    documentId: uuid('document_id').notNull(),
    documentVersion: integer('document_version').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    recipientName: text('recipient_name').notNull(),
    message: text('message'),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    /** Whether the mail carried the PDF (small enough); null until the mail job has run. */
    attached: boolean('attached'),
    /** The first open of the recipient's link; never changed after. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
  },
  (table) => [index('document_sends_document_idx').on(table.documentKind, table.documentId, table.createdAt)],
);
