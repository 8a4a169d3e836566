import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from './accounts.schema.ts';
import { businesses, memberships, profiles } from './business.schema.ts';

/**
 * A business as the features that are not its profile see it (ADR 0030): the company profile's
 * details (null where not filled in yet), and one member's account, name and signature: the
 * owner's for `businessOf`, the member's own for `businessOfMember`.
 */
export type Business = {
  email: string;
  accountCreatedAt: Date;
  timeZone: string;
  companyName: string | null;
  companyAbn: string | null;
  companyAddress: string | null;
  companyPhone: string | null;
  companyEmail: string | null;
  logoFileId: string | null;
  /** Who signs for the business, and their signature: a cover sheet they approve carries it. */
  applicatorName: string | null;
  signatureFileId: string | null;
  /** How many people the business has: with more than one, what the member issues names them (ADR 0077). */
  memberCount: number;
};

/** The business `businessId`, with its owner as the member (who pays and speaks for it); undefined when there is none. One query. */
export function businessOf(db: Queryable, businessId: string): Promise<Business | undefined> {
  return businessWhere(db, and(eq(memberships.businessId, businessId), eq(memberships.role, 'owner')));
}

/**
 * The business of the account `userId`, with that account as the member; undefined when there is no
 * such account. For a record's maker, until records carry their business (ADR 0077, slice 3). One query.
 */
export function businessOfMember(db: Queryable, userId: string): Promise<Business | undefined> {
  return businessWhere(db, eq(memberships.userId, userId));
}

/**
 * For a select from `memberships`: how many members that membership's business has. Written out, as
 * a template would print the outer column unqualified, that is as the inner one.
 */
export const memberCountOfMembership = sql<number>`(select count(*)::int from ${memberships} as business_members where business_members.business_id = ${memberships}.${sql.identifier(memberships.businessId.name)})`;

/**
 * The business `businessId` with a record's maker `makerId` as the member while they are in it, else
 * its owner (the maker left, or the record has none): whom news of the record goes to. One query.
 */
export function businessOfMaker(
  db: Queryable,
  businessId: string,
  makerId: string | null,
): Promise<Business | undefined> {
  // A constant would not do for "no maker": ORDER BY takes no constant but a column number.
  if (makerId === null) return businessOf(db, businessId);
  const member = eq(memberships.userId, makerId);
  return businessWhere(
    db,
    and(eq(memberships.businessId, businessId), or(member, eq(memberships.role, 'owner'))),
    sql`${member} desc`,
  );
}

async function businessWhere(
  db: Queryable,
  membership: SQL | undefined,
  preferred?: SQL,
): Promise<Business | undefined> {
  const [row] = await db
    .select({
      email: users.email,
      accountCreatedAt: users.createdAt,
      timeZone: businesses.timeZone,
      companyName: businesses.companyName,
      companyAbn: businesses.companyAbn,
      companyAddress: businesses.companyAddress,
      companyPhone: businesses.companyPhone,
      companyEmail: businesses.companyEmail,
      logoFileId: businesses.logoFileId,
      applicatorName: profiles.applicatorName,
      signatureFileId: profiles.signatureFileId,
      memberCount: memberCountOfMembership,
    })
    .from(memberships)
    .innerJoin(businesses, eq(businesses.id, memberships.businessId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(membership)
    .orderBy(...(preferred ? [preferred] : []))
    .limit(1);
  return row;
}

/** The business's settings (ADR 0077): teams sets them, the features they change read them. */
export type BusinessSettings = { reviewBeforeIssue: boolean };

/** The settings of `businessId`; the defaults when there is no such business. */
export async function businessSettingsOf(db: Queryable, businessId: string): Promise<BusinessSettings> {
  const [row] = await db
    .select({ reviewBeforeIssue: businesses.reviewBeforeIssue })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return { reviewBeforeIssue: row?.reviewBeforeIssue ?? false };
}
