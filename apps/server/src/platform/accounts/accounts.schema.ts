import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/** Accounts. Credentials and confirmation state; everything else about the user lives in profiles. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /**
     * When the password was last set by someone who proved the mailbox (a confirmation opened in
     * the browser that signed up, or a new password chosen after an emailed link). Admin rights
     * need it: a stranger may have signed the address up with a password of their own.
     */
    passwordProvenAt: timestamp('password_proven_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    unique('users_email_unique').on(table.email),
    check('users_email_lowercase', sql`${table.email} = lower(btrim(${table.email}))`),
  ],
);

/** One signed-in device. Revoking it ends its refresh tokens and its access tokens at once. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Begun by a password-recovery link: may set a password without the current one, until it does. */
    recovery: boolean('recovery').notNull().default(false),
  },
  (table) => [
    index('auth_sessions_user_idx').on(table.userId),
    // Each instance loads the sessions revoked within an access-token lifetime at start.
    index('auth_sessions_revoked_at_idx').on(table.revokedAt).where(sql`${table.revokedAt} is not null`),
  ],
);
