import { FREE_PLAN_SEATS } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { memberships } from '../accounts/business.schema.ts';
import { entitlements } from './entitlements.ts';

/**
 * Who holds a seat (ADR 0077, "Plans per business"), decided when read so a lapse writes nothing:
 * the members with `seated_at` set, the owner first and then by `seated_at`, up to the business's
 * seats. The owner always holds one.
 */
const seatedPlaces = (businessId: string) => sql`
  select ${memberships.userId} as user_id,
    row_number() over (order by ${memberships.role} = 'owner' desc, ${memberships.seatedAt}, ${memberships.userId}) as place
  from ${memberships}
  where ${memberships.businessId} = ${businessId}
    and (${memberships.seatedAt} is not null or ${memberships.role} = 'owner')`;

export const seats = {
  /**
   * Whether `userId` holds a seat in `businessId`. One query for a member within the first
   * FREE_PLAN_SEATS places (every plan seats them); the plan is read only for those past them.
   */
  async holds(db: Queryable, businessId: string, userId: string, now: Date): Promise<boolean> {
    const { rows } = await db.execute<{ place: string }>(
      sql`select place from (${seatedPlaces(businessId)}) seated where user_id = ${userId}`,
    );
    const place = rows[0] === undefined ? undefined : Number(rows[0].place);
    if (place === undefined) return false;
    if (place <= FREE_PLAN_SEATS) return true;
    return place <= (await entitlements.seatsOf(db, businessId, now)).included;
  },

  /** The members of `businessId` who hold a seat now, bounded by its seats. */
  async seatedMembers(db: Queryable, businessId: string, now: Date): Promise<Set<string>> {
    const { included } = await entitlements.seatsOf(db, businessId, now);
    const { rows } = await db.execute<{ user_id: string }>(
      sql`select user_id from (${seatedPlaces(businessId)}) seated where place <= ${included}`,
    );
    return new Set(rows.map((row) => row.user_id));
  },

  /**
   * The owner's pick of who stays (on the caller's transaction): exactly the chosen members hold a
   * `seated_at`, in the order given; everyone else's is cleared (they read until given one). The
   * owner keeps theirs.
   */
  async choose(tx: Queryable, businessId: string, userIds: readonly string[]): Promise<void> {
    await tx.execute(sql`
      update ${memberships} set seated_at = case
          when ${memberships.role} = 'owner' then coalesce(${memberships.seatedAt}, now())
          when ${memberships.userId} = any(${sql.param(userIds)}::uuid[])
            then now() + (array_position(${sql.param(userIds)}::uuid[], ${memberships.userId}) * interval '1 microsecond')
          else null end
      where ${memberships.businessId} = ${businessId}`);
  },
};
