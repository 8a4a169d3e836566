import type { EmailLinkType } from '@app/contract';
import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { authSessions, users } from '../../platform/accounts/accounts.schema.ts';
import { profiles } from '../../platform/accounts/business.schema.ts';
import { deleteBusinessLeftEmpty, startOwnBusiness } from '../../platform/accounts/memberships.ts';
import { emailLinks, refreshTokens } from './auth.schema.ts';
import { SESSION_REVOKED_CHANNEL } from './revoked-sessions.ts';

export type UserRow = typeof users.$inferSelect;

/** SQL for accounts, sessions, refresh tokens and emailed links. No rules here: see auth.service.ts. */
export const authRepo = {
  async findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    return row;
  },

  async findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },

  /**
   * Creates the account, its profile, and a business of its own with the account as owner (ADR
   * 0077); returns undefined when the email is already taken.
   */
  async insertUserWithBusiness(
    db: Queryable,
    values: { email: string; passwordHash: string; timeZone: string },
  ): Promise<UserRow | undefined> {
    const [user] = await db
      .insert(users)
      .values({ email: values.email, passwordHash: values.passwordHash })
      .onConflictDoNothing()
      .returning();
    if (!user) return undefined;
    await db.insert(profiles).values({ id: user.id, email: user.email });
    await startOwnBusiness(db, user.id, { timeZone: values.timeZone });
    return user;
  },

  async confirmEmail(db: Queryable, userId: string): Promise<UserRow> {
    const [user] = await db
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, userId))
      .returning();
    if (!user) throw new Error(`user ${userId} vanished while confirming`);
    return user;
  },

  /**
   * Sets (or, with null, clears) the password. `proven`: its owner has just proved the mailbox, so
   * it counts for admin rights (ADR 0024).
   */
  async setPasswordHash(
    db: Queryable,
    userId: string,
    passwordHash: string | null,
    { proven }: { proven: boolean },
  ): Promise<void> {
    await db
      .update(users)
      .set({ passwordHash, passwordProvenAt: proven ? sql`now()` : null })
      .where(eq(users.id, userId));
  },

  /** Marks the current password as set by the mailbox's owner. */
  async markPasswordProven(db: Queryable, userId: string): Promise<void> {
    await db.update(users).set({ passwordProvenAt: sql`now()` }).where(eq(users.id, userId));
  },

  /** Whether an account listed as an admin has a confirmed address and a password its owner set. */
  async hasProvenPassword(db: Queryable, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.emailConfirmedAt), isNotNull(users.passwordProvenAt)));
    return row !== undefined;
  },

  async insertSession(
    db: Queryable,
    values: { userId: string; userAgent?: string | undefined; ip?: string; recovery: boolean },
  ) {
    const [session] = await db.insert(authSessions).values(values).returning({ id: authSessions.id });
    if (!session) throw new Error('session insert returned nothing');
    return session.id;
  },

  async isSessionActive(db: Queryable, sessionId: string, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
    return row !== undefined;
  },

  /** Revokes the session; returns its id if it was live. */
  async revokeSession(db: Queryable, sessionId: string): Promise<string[]> {
    return revokeAndAnnounce(db, sql`${authSessions.id} = ${sessionId}`);
  },

  /** Revokes every session of the user, optionally keeping one (the device that asked); returns their ids. */
  async revokeUserSessions(db: Queryable, userId: string, keepSessionId?: string): Promise<string[]> {
    const keep = keepSessionId ? sql` and ${authSessions.id} <> ${keepSessionId}` : sql``;
    return revokeAndAnnounce(db, sql`${authSessions.userId} = ${userId}${keep}`);
  },

  async findSession(db: Queryable, sessionId: string) {
    const [row] = await db.select().from(authSessions).where(eq(authSessions.id, sessionId));
    return row;
  },

  async endRecovery(db: Queryable, sessionId: string): Promise<void> {
    await db.update(authSessions).set({ recovery: false }).where(eq(authSessions.id, sessionId));
  },

  async insertRefreshToken(db: Queryable, sessionId: string, tokenHash: string): Promise<void> {
    await db.insert(refreshTokens).values({ sessionId, tokenHash });
  },

  /** The token with this hash, if it belongs to `sessionId` (a rotated token's successor). */
  async findRefreshTokenOfSession(db: Queryable, tokenHash: string, sessionId: string) {
    const [row] = await db
      .select({ id: refreshTokens.id, rotatedAt: refreshTokens.rotatedAt })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, tokenHash), eq(refreshTokens.sessionId, sessionId)));
    return row;
  },

  /** Locks the token row so two concurrent refreshes with the same token cannot both succeed. */
  async lockRefreshToken(db: Queryable, tokenHash: string) {
    const [row] = await db
      .select({
        id: refreshTokens.id,
        rotatedAt: refreshTokens.rotatedAt,
        sessionId: authSessions.id,
        sessionRevokedAt: authSessions.revokedAt,
        sessionRecovery: authSessions.recovery,
        userId: authSessions.userId,
        /** Whether the token was rotated within `reuseSeconds` (by the database clock). */
        secondsSinceRotation: sql<number | null>`extract(epoch from now() - ${refreshTokens.rotatedAt})::float8`,
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update', { of: refreshTokens });
    return row;
  },

  async markRefreshTokenRotated(db: Queryable, id: string): Promise<void> {
    await db.update(refreshTokens).set({ rotatedAt: sql`now()` }).where(eq(refreshTokens.id, id));
  },

  async insertEmailLink(
    db: Queryable,
    values: {
      userId: string;
      type: EmailLinkType;
      tokenHash: string;
      codeChallenge?: string | undefined;
      newEmail?: string | undefined;
      ttlSeconds: number;
    },
  ): Promise<void> {
    await db.insert(emailLinks).values({
      userId: values.userId,
      type: values.type,
      tokenHash: values.tokenHash,
      codeChallenge: values.codeChallenge,
      newEmail: values.newEmail,
      expiresAt: sql`now() + make_interval(secs => ${values.ttlSeconds})`,
    });
  },

  /** The link with this token hash, locked, plus whether it has expired by the database clock. */
  async lockEmailLink(db: Queryable, tokenHash: string) {
    const [row] = await db
      .select({ link: emailLinks, expired: sql<boolean>`${emailLinks.expiresAt} <= now()` })
      .from(emailLinks)
      .where(eq(emailLinks.tokenHash, tokenHash))
      .for('update');
    return row;
  },

  async markEmailLinkUsed(db: Queryable, id: string): Promise<void> {
    await db.update(emailLinks).set({ usedAt: sql`now()` }).where(eq(emailLinks.id, id));
  },

  /** Makes the user's unused links of `type` unusable (e.g. an email change asked for before a newer one). */
  async retireEmailLinks(db: Queryable, userId: string, type: EmailLinkType): Promise<void> {
    await db
      .update(emailLinks)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailLinks.userId, userId), eq(emailLinks.type, type), isNull(emailLinks.usedAt)));
  },

  /**
   * Moves the account (and the profile's copy of the address) to `email`; undefined when another
   * account has it. A sign-up racing for the same address makes this throw a unique violation
   * (`isUniqueViolation`), which the caller maps to the same answer.
   */
  async changeEmail(db: Queryable, userId: string, email: string): Promise<UserRow | undefined> {
    const [user] = await db
      .update(users)
      .set({ email })
      .where(and(eq(users.id, userId), sql`not exists (select 1 from ${users} taken where taken.email = ${email})`))
      .returning();
    if (user) await db.update(profiles).set({ email }).where(eq(profiles.id, userId));
    return user;
  },

  async isEmailTaken(db: Queryable, email: string): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row !== undefined;
  },

  /**
   * Deletes the account, and its business when it was the only member; every row that references
   * either goes with it (foreign keys cascade; a record another member keeps loses its maker).
   * Answers the business's id when it went too.
   */
  async deleteUser(db: Queryable, userId: string): Promise<string | undefined> {
    const deletedBusinessId = await deleteBusinessLeftEmpty(db, userId);
    await db.delete(users).where(eq(users.id, userId));
    return deletedBusinessId;
  },
};

/** PostgreSQL's unique_violation, as node-postgres reports it (drizzle may wrap it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ('code' in current && current.code === '23505') return true;
  }
  return false;
}

/**
 * Revokes the live sessions matching `where` and announces each on the session_revoked channel.
 * NOTIFY is delivered on commit, so other instances learn of it exactly when it becomes true.
 */
async function revokeAndAnnounce(db: Queryable, where: SQL): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    with revoked as (
      update ${authSessions} set revoked_at = now()
      where ${where} and ${authSessions.revokedAt} is null
      returning id
    )
    select id, pg_notify(${SESSION_REVOKED_CHANNEL}, id::text) from revoked`);
  return result.rows.map((row) => row.id);
}
