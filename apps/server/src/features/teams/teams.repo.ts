import type { InvitableRole, InvitationStatus, RecordsToResolve } from '@app/contract';
import { and, asc, count, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../../platform/accounts/accounts.schema.ts';
import { businesses, memberships, profiles } from '../../platform/accounts/business.schema.ts';
import type { MemberRole } from '../../platform/accounts/memberships.ts';
import { invitations, memberRemovals } from './teams.schema.ts';

export type InvitationRow = typeof invitations.$inferSelect;
export type InvitationView = InvitationRow & { invitedByName: string | null };
export type MemberView = { userId: string; name: string | null; email: string; role: MemberRole; joinedAt: Date };
/** An invitation as its link shows it: where it stands by the database clock. */
export type InvitationByLink = InvitationRow & { businessName: string | null; status: InvitationStatus };

/** Neither accepted nor revoked: an expired one is still open (it may be resent). */
const open = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

/** The invitation and who sent it, by their printed name, else their address. */
const invitationView = {
  ...getTableColumns(invitations),
  invitedByName: sql<string | null>`coalesce(nullif(${profiles.applicatorName}, ''), ${users.email})`,
};

const memberView = {
  userId: memberships.userId,
  name: profiles.applicatorName,
  email: users.email,
  role: memberships.role,
  joinedAt: memberships.createdAt,
};

/**
 * The tables, besides certificates and SWMS, whose rows a joiner brings (ADR 0089): the records'
 * versions, photos and files, signing, sends, the business's checklist templates and its retired
 * ids (ADR 0032). test/teams/bring-records.test.ts holds every table with a `business_id` to this
 * list or to the list of what stays.
 */
export const BROUGHT_WITH_THE_RECORDS = [
  'document_versions',
  'files',
  'signature_requests',
  'site_sign_on_links',
  'document_sends',
  'checklist_templates',
  'retired_ids',
] as const;

/** SQL of a business's team: its memberships as teams changes them, invitations, removals. */
export const teamsRepo = {
  async businessName(db: Queryable, businessId: string): Promise<string | null> {
    const [row] = await db
      .select({ name: businesses.companyName })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    return row?.name ?? null;
  },

  async setReviewBeforeIssue(db: Queryable, businessId: string, reviewBeforeIssue: boolean): Promise<void> {
    await db.update(businesses).set({ reviewBeforeIssue }).where(eq(businesses.id, businessId));
  },

  /** The members, owner first, then by when they joined. Bounded by the business's seats. */
  members(db: Queryable, businessId: string): Promise<MemberView[]> {
    return db
      .select(memberView)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(profiles, eq(profiles.id, memberships.userId))
      .where(eq(memberships.businessId, businessId))
      .orderBy(sql`${memberships.role} = 'owner' desc`, asc(memberships.createdAt), asc(memberships.userId));
  },

  /** The member `userId` of `businessId`, locked until the transaction ends; undefined when they are not one. */
  async lockMember(tx: Queryable, businessId: string, userId: string): Promise<MemberView | undefined> {
    const [row] = await tx
      .select(memberView)
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .leftJoin(profiles, eq(profiles.id, memberships.userId))
      .where(and(eq(memberships.businessId, businessId), eq(memberships.userId, userId)))
      .for('update', { of: memberships });
    return row;
  },

  /** Every member of `businessId`, locked until the transaction ends (the owner's pick of seats). */
  lockMembers(tx: Queryable, businessId: string): Promise<{ userId: string }[]> {
    return tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(eq(memberships.businessId, businessId))
      .for('update');
  },

  async isMemberByEmail(db: Queryable, businessId: string, email: string): Promise<boolean> {
    const [row] = await db
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.businessId, businessId), eq(users.email, email)));
    return row !== undefined;
  },

  /** The account's address, and whether it is confirmed: an invitation is accepted by its address. */
  async account(db: Queryable, userId: string): Promise<{ email: string; confirmed: boolean } | undefined> {
    const [row] = await db
      .select({ email: users.email, confirmed: sql<boolean>`${users.emailConfirmedAt} is not null` })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  },

  /** How many people are in `businessId`. */
  async memberCount(db: Queryable, businessId: string): Promise<number> {
    const [row] = await db.select({ count: count() }).from(memberships).where(eq(memberships.businessId, businessId));
    return row?.count ?? 0;
  },

  async setRole(tx: Queryable, userId: string, role: InvitableRole): Promise<void> {
    await tx.update(memberships).set({ role }).where(eq(memberships.userId, userId));
  },

  /** Takes `userId` out of whatever business they are in (a new membership follows in the transaction). */
  async leave(tx: Queryable, userId: string): Promise<void> {
    await tx.delete(memberships).where(eq(memberships.userId, userId));
  },

  async join(tx: Queryable, businessId: string, userId: string, role: InvitableRole): Promise<void> {
    await tx.insert(memberships).values({ businessId, userId, role });
  },

  /** The open invitations, newest first. At most PENDING_INVITATIONS_PER_BUSINESS. */
  openInvitations(db: Queryable, businessId: string): Promise<InvitationView[]> {
    return db
      .select(invitationView)
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.invitedBy))
      .leftJoin(profiles, eq(profiles.id, invitations.invitedBy))
      .where(and(eq(invitations.businessId, businessId), open))
      .orderBy(sql`${invitations.createdAt} desc`, sql`${invitations.id} desc`);
  },

  async openInvitation(db: Queryable, businessId: string, id: string): Promise<InvitationView | undefined> {
    const [row] = await db
      .select(invitationView)
      .from(invitations)
      .leftJoin(users, eq(users.id, invitations.invitedBy))
      .leftJoin(profiles, eq(profiles.id, invitations.invitedBy))
      .where(and(eq(invitations.businessId, businessId), eq(invitations.id, id), open));
    return row;
  },

  /** Holds the business's invitations until the transaction ends, so two invites cannot both pass the limit. */
  async lockInvitationsOf(tx: Queryable, businessId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invitations:${businessId}`}, 0))`);
  },

  async countOpen(db: Queryable, businessId: string): Promise<number> {
    const [row] = await db
      .select({ count: count() })
      .from(invitations)
      .where(and(eq(invitations.businessId, businessId), open));
    return row?.count ?? 0;
  },

  /** A new invitation; its token hash is one nobody holds until the mail job mints the link. */
  async insert(
    tx: Queryable,
    values: { businessId: string; email: string; role: InvitableRole; invitedBy: string; tokenHash: string },
    lifetimeDays: number,
  ): Promise<InvitationRow> {
    const [row] = await tx
      .insert(invitations)
      .values({ ...values, expiresAt: sql`now() + make_interval(days => ${lifetimeDays})` })
      .returning();
    if (!row) throw new Error('invitation insert returned nothing');
    return row;
  },

  /**
   * A new token hash while the invitation is open; undefined once it is not. With `lifetimeDays`
   * (a resend) a new lifetime too; without, the hash of the link its mail job is about to send.
   */
  async setTokenHash(
    db: Queryable,
    id: string,
    tokenHash: string,
    lifetimeDays?: number,
  ): Promise<InvitationRow | undefined> {
    const expiresAt =
      lifetimeDays === undefined ? {} : { expiresAt: sql`now() + make_interval(days => ${lifetimeDays})` };
    const [row] = await db
      .update(invitations)
      .set({ tokenHash, ...expiresAt })
      .where(and(eq(invitations.id, id), open))
      .returning();
    return row;
  },

  async revoke(tx: Queryable, businessId: string, id: string): Promise<InvitationRow | undefined> {
    const [row] = await tx
      .update(invitations)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(invitations.businessId, businessId), eq(invitations.id, id), open))
      .returning();
    return row;
  },

  /** What the mail says: the invitation, its business's name and who sent it. */
  async forMail(db: Queryable, id: string): Promise<(InvitationView & { businessName: string | null }) | undefined> {
    const [row] = await db
      .select({ ...invitationView, businessName: businesses.companyName })
      .from(invitations)
      .innerJoin(businesses, eq(businesses.id, invitations.businessId))
      .leftJoin(users, eq(users.id, invitations.invitedBy))
      .leftJoin(profiles, eq(profiles.id, invitations.invitedBy))
      .where(and(eq(invitations.id, id), open));
    return row;
  },

  /** The invitation a link names, by the SHA-256 of its token (one indexed lookup, hit or miss). */
  async findByTokenHash(db: Queryable, tokenHash: string): Promise<InvitationByLink | undefined> {
    const [row] = await db
      .select({
        ...getTableColumns(invitations),
        businessName: businesses.companyName,
        status: sql<InvitationStatus>`case
          when ${invitations.acceptedAt} is not null then 'used'
          when ${invitations.revokedAt} is not null then 'revoked'
          when ${invitations.expiresAt} <= now() then 'expired'
          else 'pending' end`,
      })
      .from(invitations)
      .innerJoin(businesses, eq(businesses.id, invitations.businessId))
      .where(eq(invitations.tokenHash, tokenHash));
    return row;
  },

  /** The single-use consume (ADR 0077): only a pending, unexpired invitation is taken, once. */
  async consume(tx: Queryable, tokenHash: string): Promise<InvitationRow | undefined> {
    const [row] = await tx
      .update(invitations)
      .set({ acceptedAt: sql`now()` })
      .where(and(eq(invitations.tokenHash, tokenHash), open, sql`${invitations.expiresAt} > now()`))
      .returning();
    return row;
  },

  /** Kept with the removal's time, which is the time its transaction revoked the member's sessions. */
  async recordRemoval(tx: Queryable, userId: string, businessName: string): Promise<void> {
    await tx.insert(memberRemovals).values({ userId, businessName, removedAt: sql`now()` });
  },

  /**
   * The business whose removal of the holder ended `sessionId`: a removal and the revocation it
   * made share their transaction's `now()`.
   */
  async removalEndingSession(db: Queryable, sessionId: string): Promise<string | undefined> {
    const { rows } = await db.execute<{ business_name: string }>(sql`
      select r.business_name from ${memberRemovals} r
      join auth_sessions s on s.user_id = r.user_id and s.revoked_at = r.removed_at
      where s.id = ${sessionId}
      limit 1`);
    return rows[0]?.business_name;
  },

  /**
   * Locks the person's membership and the business it is in until the transaction ends, so a second
   * accept of theirs waits and then sees where the first left them, and nothing is added to the
   * business while its records are settled (an insert's foreign key waits on the business's row).
   */
  async lockMembershipOf(tx: Queryable, userId: string): Promise<void> {
    await tx.execute(sql`
      select 1 from ${memberships} m join ${businesses} b on b.id = m.business_id
      where m.user_id = ${userId} for update`);
  },

  /** The records a business holds: what its only member must settle before joining another. */
  async recordsOf(db: Queryable, businessId: string): Promise<RecordsToResolve> {
    const { rows } = await db.execute<RecordsToResolve>(sql`
      select (select count(*)::int from certificates where business_id = ${businessId}) as certificates,
             (select count(*)::int from safety_documents where business_id = ${businessId}) as safety_documents`);
    return rows[0] ?? { certificates: 0, safety_documents: 0 };
  },

  async checklistTemplateCount(db: Queryable, businessId: string): Promise<number> {
    const { rows } = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from checklist_templates where business_id = ${businessId}`,
    );
    return rows[0]?.count ?? 0;
  },

  /**
   * Brings every record of a joiner's one-person business into the business they join (ADR 0089),
   * in the caller's transaction: one update per table. A numbered record keeps its number, and
   * `numbered_in` keeps it unique in the sequence that gave it. A brought completion is counted in
   * no month of its new business (`completed_month` cleared, as a withdrawn one's is), so deleting it
   * gives back nothing the business's own count holds. File rows move; their objects stay under
   * their keys. API tokens, webhooks, the plan, numbering and counts stay, to go with the old business.
   */
  async bringRecords(tx: Queryable, from: string, to: string): Promise<void> {
    await tx.execute(sql`
      update certificates set numbered_in = coalesce(numbered_in, business_id), business_id = ${to},
        completed_month = null
      where business_id = ${from}`);
    await tx.execute(sql`
      update safety_documents set numbered_in = coalesce(numbered_in, business_id), business_id = ${to}
      where business_id = ${from}`);
    for (const table of BROUGHT_WITH_THE_RECORDS) {
      await tx.execute(sql`update ${sql.identifier(table)} set business_id = ${to} where business_id = ${from}`);
    }
  },
};
