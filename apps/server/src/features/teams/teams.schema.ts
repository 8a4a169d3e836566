import { INVITABLE_ROLES } from '@app/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from '../../db/columns.ts';
import { users } from '../../platform/accounts/accounts.schema.ts';
import { businesses } from '../../platform/accounts/business.schema.ts';

/**
 * An invitation to join a business (ADR 0077). Only the link's SHA-256 is kept; resending writes a
 * new one, so the old link dies. Pending means neither accepted nor revoked (an expired one is
 * still pending here, and may be resent).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Lower-case, as every address the app keeps. */
    email: text('email').notNull(),
    role: text('role', { enum: INVITABLE_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_unique').on(table.tokenHash),
    // One pending invitation per address and business: a second is a Resend.
    uniqueIndex('invitations_business_email_pending_unique')
      .on(table.businessId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
    check('invitations_role_valid', oneOf(table.role, INVITABLE_ROLES)),
    check('invitations_email_lower_case', sql`${table.email} = lower(${table.email})`),
  ],
);

/**
 * Who was removed from which business, and when: the removal's time is the revoked sessions'
 * `revoked_at` (one transaction), so a refresh of such a session can say why it ended (ADR 0077,
 * Removal). The name is kept as it was: the business may be renamed or deleted later.
 */
export const memberRemovals = pgTable(
  'member_removals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('member_removals_user_removed_idx').on(table.userId, table.removedAt)],
);
