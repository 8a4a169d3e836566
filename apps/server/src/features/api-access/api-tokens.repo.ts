import type { ApiTokenScope } from '@app/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { memberships } from '../../platform/accounts/business.schema.ts';
import type { Membership } from '../../platform/accounts/memberships.ts';
import { apiTokens } from './api-access.schema.ts';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** SQL of api_tokens; every statement a user makes is filtered by its owner. */
export const apiTokensRepo = {
  listLive(db: Queryable, userId: string): Promise<ApiTokenRow[]> {
    return db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  },

  async countLive(db: Queryable, userId: string): Promise<number> {
    const [row] = await db
      .select({ count: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
    return row?.count ?? 0;
  },

  /** Holds the owner's tokens until the transaction ends, so two creates cannot both pass the limit. */
  async lockOwner(tx: Queryable, userId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`api-tokens:${userId}`}, 0))`);
  },

  async insert(
    db: Queryable,
    token: {
      userId: string;
      name: string;
      scope: ApiTokenScope;
      tokenHash: string;
      hint: string;
      expiresAt: Date | null;
    },
  ): Promise<ApiTokenRow> {
    const [row] = await db.insert(apiTokens).values(token).returning();
    if (!row) throw new Error('api token insert returned nothing');
    return row;
  },

  /** Revokes the owner's live token; undefined when there is none by that id. */
  async revoke(db: Queryable, userId: string, id: string): Promise<ApiTokenRow | undefined> {
    const [row] = await db
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning();
    return row;
  },

  /** Revokes every live token `userId` made: a member removed from a business (ADR 0077, Removal). */
  async revokeAllOf(db: Queryable, userId: string): Promise<void> {
    await db
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
  },

  /** The token with its maker's membership, in the one query that authenticates it (ADR 0078). */
  async findByHash(
    db: Queryable,
    tokenHash: string,
  ): Promise<{ token: ApiTokenRow; membership: Membership } | undefined> {
    const [row] = await db
      .select({
        token: apiTokens,
        membership: { businessId: memberships.businessId, role: memberships.role },
      })
      .from(apiTokens)
      .innerJoin(memberships, eq(memberships.userId, apiTokens.userId))
      .where(eq(apiTokens.tokenHash, tokenHash));
    return row;
  },

  /** Records the first use; true only for the one request that made it (the audit trail's event). */
  async markFirstUse(tx: Queryable, id: string): Promise<boolean> {
    const marked = await tx
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.lastUsedAt)))
      .returning({ id: apiTokens.id });
    return marked.length > 0;
  },

  /** Moves "last used" on, at most once a minute: not a write per request. */
  async touch(db: Queryable, id: string): Promise<void> {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiTokens.id, id), sql`${apiTokens.lastUsedAt} < now() - interval '1 minute'`));
  },
};
