import { emailLinkTypes } from '@app/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { authSessions, users } from '../../platform/accounts/accounts.schema.ts';

/** Rotating refresh tokens; only their SHA-256 is stored. A used token has `rotated_at` set. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (table) => [unique('refresh_tokens_token_hash_unique').on(table.tokenHash), index().on(table.sessionId)],
);

/** Single-use emailed links (confirmation, recovery, email change). Only the token's SHA-256 is stored. */
export const emailLinks = pgTable(
  'email_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: emailLinkTypes }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** PKCE S256 challenge; when set, the link can be exchanged for a session with the verifier. */
    codeChallenge: text('code_challenge'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The address an email-change link moves the account to (ADR 0020); only on those links. */
    newEmail: text('new_email'),
  },
  (table) => [
    unique('email_links_token_hash_unique').on(table.tokenHash),
    check('email_links_type_valid', sql`${table.type} in ('signup', 'recovery', 'email_change')`),
    check(
      'email_links_new_email_only_for_change',
      sql`(${table.type} = 'email_change') = (${table.newEmail} is not null)`,
    ),
  ],
);
