import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../../platform/accounts/accounts.schema.ts';

/**
 * Messages sent from /contact (PRODUCT.md, Contact). The row is committed before anything is mailed;
 * the job queue mails it to SUPPORT_EMAIL and sets `mailed_at`. Admins mark them handled.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);
