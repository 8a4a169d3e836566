import { seatsOfPlan } from '@app/contract';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { users } from '../accounts/accounts.schema.ts';
import { businesses, memberships } from '../accounts/business.schema.ts';
import { subscribers } from './entitlements.schema.ts';

type SubscriptionTier = 'free' | 'premium';

/** What a user may do beyond the free plan, and until when. */
export type Entitlement = {
  premium: boolean;
  /** The subscription's recorded end (shown on the profile even once passed); null when it has none. */
  subscriptionEnd: Date | null;
};

/** The seats a business has now: the plan's (`included`, extra seats counted in) and the extra bought. */
export type BusinessSeats = { premium: boolean; included: number; extra: number };

/** The fields of a subscriber record the rule reads; nulls where the user has no record. */
export type SubscriberRecord = {
  subscribed: boolean | null;
  subscriptionEnd: Date | null;
  complimentarySince: Date | null;
};

/**
 * What billing sets on a user's subscriber record; premium needs an `end` ahead. `provider`: whom it
 * was bought through, 'stripe' or 'test' (ADR 0024).
 */
export type Subscription = { subscribed: boolean; tier: SubscriptionTier; end: Date | null; provider: string };

/**
 * PRODUCT.md, Plans: premium while the record says subscribed and its end is still ahead (a record
 * with no end is not premium), or while an admin's complimentary grant stands (ADR 0019). Computed
 * when read, so a subscription lapses at its end without anything writing.
 */
export function entitlementOf(record: SubscriberRecord | null | undefined, now: Date): Entitlement {
  const complimentary = (record?.complimentarySince ?? null) !== null;
  return { premium: paysForPremium(record, now) || complimentary, subscriptionEnd: record?.subscriptionEnd ?? null };
}

/** Whether the record holds a paid subscription that has not ended; a complimentary grant aside. */
function paysForPremium(record: SubscriberRecord | null | undefined, now: Date): boolean {
  const end = record?.subscriptionEnd ?? null;
  return record?.subscribed === true && end !== null && end > now;
}

/** The account of the business's owner: whose address a record kept before the account was under. */
const ownerOf = (businessId: SQLWrapper | string) =>
  sql`(select owner_membership.user_id from ${memberships} owner_membership
    where owner_membership.business_id = ${businessId} and owner_membership.role = 'owner')`;

/**
 * The business's subscriber record (ADR 0077): the one with its id, else one recorded under its
 * owner's email before they had an account (PRODUCT.md, API conventions).
 */
function subscriberRecordOf(db: Queryable, businessId: SQLWrapper | string) {
  return db
    .select({
      subscribed: subscribers.subscribed,
      subscriptionEnd: subscribers.subscriptionEnd,
      complimentarySince: subscribers.complimentarySince,
      extraSeats: subscribers.extraSeats,
    })
    .from(subscribers)
    .where(
      sql`${subscribers.businessId} = ${businessId} or (${subscribers.businessId} is null
        and ${subscribers.email} = (select owner_account.email from ${users} owner_account
          where owner_account.id = ${ownerOf(businessId)}))`,
    )
    .orderBy(sql`${subscribers.businessId} is null`)
    .limit(1);
}

async function subscriberRecordOfBusiness(
  db: Queryable,
  businessId: string,
): Promise<(SubscriberRecord & { extraSeats: number }) | undefined> {
  const [row] = await subscriberRecordOf(db, businessId);
  return row;
}

/** The one owner of `subscribers`: every rule about premium reads it through here. */
export const entitlements = {
  /**
   * For a query over `users` that needs the tier too: left-join this LATERAL (on true) and pass the
   * selected record to `entitlementOf`, so the profile or owner and the tier come in one query. The
   * tier is the user's business's (ADR 0077).
   */
  subscriberOfUsersRow(db: Queryable) {
    const business = sql`(select users_membership.business_id from ${memberships} users_membership
      where users_membership.user_id = ${users.id})`;
    return subscriberRecordOf(db, business).as('subscriber');
  },

  /** The same LATERAL for a query over `businesses`: the business's own subscriber record. */
  subscriberOfBusinessesRow(db: Queryable) {
    return subscriberRecordOf(db, businesses.id).as('subscriber');
  },

  /** What the business `businessId` may do: Premium is the business's, for every member (ADR 0077). */
  async of(db: Queryable, businessId: string, now: Date): Promise<Entitlement> {
    return entitlementOf(await subscriberRecordOfBusiness(db, businessId), now);
  },

  /** The business's seats (ADR 0077): the plan's, and the extra seats it bought while Premium. */
  async seatsOf(db: Queryable, businessId: string, now: Date): Promise<BusinessSeats> {
    const record = await subscriberRecordOfBusiness(db, businessId);
    const { premium } = entitlementOf(record, now);
    const extra = premium ? (record?.extraSeats ?? 0) : 0;
    return { premium, included: seatsOfPlan(premium, extra), extra };
  },

  /**
   * Sets the extra seats bought (the subscription item's quantity), on the caller's transaction.
   * Only a business's own record carries them; one kept under an email is adopted first.
   */
  async setExtraSeats(tx: Queryable, businessId: string, extraSeats: number): Promise<void> {
    await adoptRecordKeptUnderEmail(tx, businessId);
    await tx.execute(sql`
      update ${subscribers} set extra_seats = ${extraSeats}, updated_at = now()
      where ${subscribers.businessId} = ${businessId} and ${subscribers.extraSeats} <> ${extraSeats}`);
  },

  /** Whether the business pays for Premium (an admin has nothing to grant it, PRODUCT.md, Admin). */
  async paysForPremium(db: Queryable, businessId: string, now: Date): Promise<boolean> {
    return paysForPremium(await subscriberRecordOfBusiness(db, businessId), now);
  },

  /**
   * Sets the business's subscriber record, on the caller's transaction (billing events, test mode,
   * admin grants). A record kept under its owner's email without an account becomes the business's.
   */
  async setSubscription(tx: Queryable, businessId: string, subscription: Subscription): Promise<void> {
    await adoptRecordKeptUnderEmail(tx, businessId);
    const written = await tx.execute(sql`
      insert into ${subscribers} (business_id, user_id, email, subscribed, subscription_tier, subscription_end,
        subscription_provider)
      select ${businessId}, ${users.id}, ${users.email}, ${subscription.subscribed}, ${subscription.tier},
        ${subscription.end}, ${subscription.provider}
      from ${users} where ${users.id} = ${ownerOf(businessId)}
      on conflict (business_id) do update set
        user_id = excluded.user_id,
        subscribed = excluded.subscribed,
        subscription_tier = excluded.subscription_tier,
        subscription_end = excluded.subscription_end,
        subscription_provider = excluded.subscription_provider,
        updated_at = now()`);
    if (written.rowCount !== 1) throw new Error(`no business ${businessId} to set a subscription for`);
  },
  /**
   * Grants complimentary Premium (an admin's), on the caller's transaction. It stands apart from
   * billing: a paid subscription neither ends it nor is ended by its revocation. Answers false when
   * the business already had one (nothing changes).
   */
  async grantComplimentary(tx: Queryable, businessId: string): Promise<boolean> {
    await adoptRecordKeptUnderEmail(tx, businessId);
    const written = await tx.execute(sql`
      insert into ${subscribers} (business_id, user_id, email, complimentary_since)
      select ${businessId}, ${users.id}, ${users.email}, now() from ${users} where ${users.id} = ${ownerOf(businessId)}
      on conflict (business_id) do update set complimentary_since = now(), updated_at = now()
        where ${subscribers.complimentarySince} is null`);
    return written.rowCount === 1;
  },

  /**
   * Ends every subscription bought through another provider than `provider` (the one the server now
   * runs with), on the caller's transaction; answers the owners whose business's Premium that ended. Test-mode
   * Premium must not survive the switch to Stripe (ADR 0024). Complimentary grants are untouched.
   */
  async endSubscriptionsOfOtherProviders(tx: Queryable, provider: string): Promise<string[]> {
    const { rows } = await tx.execute<{ user_id: string }>(sql`
      update ${subscribers} set subscribed = false, subscription_tier = 'free', updated_at = now()
      where ${subscribers.subscribed} and ${subscribers.subscriptionProvider} is not null
        and ${subscribers.subscriptionProvider} <> ${provider} and ${subscribers.businessId} is not null
      returning user_id`);
    return rows.map((row) => row.user_id);
  },

  /** Ends the business's complimentary Premium, leaving any paid subscription as it is. False if there was none. */
  async revokeComplimentary(tx: Queryable, businessId: string): Promise<boolean> {
    await adoptRecordKeptUnderEmail(tx, businessId);
    const written = await tx.execute(sql`
      update ${subscribers} set complimentary_since = null, updated_at = now()
      where ${subscribers.businessId} = ${businessId} and ${subscribers.complimentarySince} is not null`);
    return written.rowCount === 1;
  },

  /**
   * The account's address changed (ADR 0020): its record follows, so the old address is free for
   * someone else's record. A record another holder already keeps under the new address stays as it is.
   */
  async followEmailChange(tx: Queryable, userId: string): Promise<void> {
    await tx.execute(sql`
      update ${subscribers} set email = ${users.email}, updated_at = now()
      from ${users}
      where ${users.id} = ${userId} and ${subscribers.userId} = ${userId}
        and not exists (select 1 from ${subscribers} other where other.email = ${users.email} and other.id <> ${subscribers.id})`);
  },

  /** Before an account is deleted: its record, and one kept under its address without an account. */
  async forgetUser(tx: Queryable, userId: string): Promise<void> {
    await tx.execute(sql`
      delete from ${subscribers} using ${users}
      where ${users.id} = ${userId}
        and (${subscribers.userId} = ${userId} or (${subscribers.userId} is null and ${subscribers.email} = ${users.email}))`);
  },
};

/**
 * A record kept under the owner's email before they had an account becomes the business's (unless
 * it has one).
 */
async function adoptRecordKeptUnderEmail(tx: Queryable, businessId: string): Promise<void> {
  await tx.execute(sql`
    update ${subscribers} set business_id = ${businessId}, user_id = ${users.id}, updated_at = now()
    from ${users}
    where ${users.id} = ${ownerOf(businessId)} and ${subscribers.businessId} is null
      and ${subscribers.email} = ${users.email}
      and not exists (select 1 from ${subscribers} ours where ours.business_id = ${businessId})`);
}
