import type { MemberRole } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { businesses, memberships, profiles } from './business.schema.ts';
import { files } from './files.schema.ts';

export type { MemberRole };

/** The business a person works in, and as what (ADR 0077). */
export type Membership = { businessId: string; role: MemberRole };

/**
 * Whose record and who is acting: the business every record belongs to and is scoped by, and the
 * member who makes or deletes it (ADR 0077). An `AuthenticatedCaller` is one.
 */
export type RecordOwner = { businessId: string; userId: string };

/** The membership of `userId`. Every account has exactly one, from sign-up (ADR 0077). */
export async function membershipOf(db: Queryable, userId: string): Promise<Membership> {
  const membership = await membershipIfAny(db, userId);
  if (!membership) throw new Error(`account ${userId} belongs to no business`);
  return membership;
}

/**
 * The membership of `userId`, or undefined once the account is gone: for what can arrive after a
 * deletion, such as a payment provider's event naming the account that checked out.
 */
export async function membershipIfAny(db: Queryable, userId: string): Promise<Membership | undefined> {
  const [membership] = await db
    .select({ businessId: memberships.businessId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return membership;
}

/** Makes the account the owner of a new business of its own, in the caller's transaction (ADR 0077). */
export async function startOwnBusiness(db: Queryable, userId: string, company: { timeZone: string }): Promise<string> {
  const [business] = await db.insert(businesses).values(company).returning({ id: businesses.id });
  if (!business) throw new Error('business insert returned nothing');
  await db.insert(memberships).values({ businessId: business.id, userId, role: 'owner' });
  return business.id;
}

/**
 * A person's signature is a file of the business it was uploaded in; it is theirs, so it goes with
 * them to `businessId` whenever they join or leave one (ADR 0077), before their old business can
 * be deleted with its files.
 */
export async function moveSignatureTo(db: Queryable, userId: string, businessId: string): Promise<void> {
  await db
    .update(files)
    .set({ businessId })
    .where(eq(files.id, sql`(select ${profiles.signatureFileId} from ${profiles} where ${profiles.id} = ${userId})`));
}

/**
 * Before an account is deleted: its business goes with it when nobody else is a member, so no
 * business is left without people (ADR 0077), and its id is answered. With others in it, the
 * business stays theirs (undefined).
 */
export async function deleteBusinessLeftEmpty(db: Queryable, userId: string): Promise<string | undefined> {
  const deleted = await db.execute<{ id: string }>(sql`
    delete from ${businesses}
    where ${businesses.id} = (select business_id from ${memberships} where user_id = ${userId})
      and not exists (select 1 from ${memberships} where business_id = ${businesses.id} and user_id <> ${userId})
    returning ${businesses.id}`);
  return deleted.rows[0]?.id;
}
