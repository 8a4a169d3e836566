import { type BillingMode, DEFAULT_TIME_ZONE, monthKey } from '@app/contract';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { businessOf } from '../../platform/accounts/business.ts';
import type { ProviderSubscription } from '../../platform/billing/billing-provider.ts';
import { monthlyCertificateCounts } from '../../platform/entitlements/entitlements.schema.ts';
import { billingAccounts, billingEvents } from './billing.schema.ts';

export type BillingAccount = typeof billingAccounts.$inferSelect;

/** SQL of billing: the businesses' provider accounts (ADR 0077) and the webhook events received. */
export const billingRepo = {
  /** The business's completed certificates this month, the month (`YYYY-MM`) in its time zone. */
  async completedThisMonth(
    db: Queryable,
    businessId: string,
    now: Date,
  ): Promise<{ month: string; completed: number }> {
    const business = await businessOf(db, businessId);
    const month = monthKey(now, business?.timeZone ?? DEFAULT_TIME_ZONE);
    const [row] = await db
      .select({ count: monthlyCertificateCounts.count })
      .from(monthlyCertificateCounts)
      .where(and(eq(monthlyCertificateCounts.businessId, businessId), eq(monthlyCertificateCounts.month, month)));
    return { month, completed: row?.count ?? 0 };
  },

  async accountOfBusiness(db: Queryable, businessId: string, options: { lock?: boolean } = {}) {
    const query = db.select().from(billingAccounts).where(eq(billingAccounts.businessId, businessId));
    const [row] = await (options.lock ? query.for('update') : query);
    return row;
  },

  /**
   * Up to `limit` Stripe accounts with a subscription in one of `statuses` and no interval known,
   * in business order after `after` (a batch of a walk over them all).
   */
  async stripeAccountsWithoutInterval(
    db: Queryable,
    statuses: readonly string[],
    after: string | null,
    limit: number,
  ): Promise<BillingAccount[]> {
    return db
      .select()
      .from(billingAccounts)
      .where(
        and(
          eq(billingAccounts.provider, 'stripe'),
          isNull(billingAccounts.interval),
          isNotNull(billingAccounts.subscriptionId),
          inArray(billingAccounts.status, [...statuses]),
          after === null ? undefined : gt(billingAccounts.businessId, after),
        ),
      )
      .orderBy(asc(billingAccounts.businessId))
      .limit(limit);
  },

  async businessOfCustomer(db: Queryable, provider: BillingMode, customerId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ businessId: billingAccounts.businessId })
      .from(billingAccounts)
      .where(and(eq(billingAccounts.provider, provider), eq(billingAccounts.customerId, customerId)));
    return row?.businessId;
  },

  /**
   * Records the business's customer with `provider`, opened by `userId`. An account with another
   * provider (the app switched between test mode and Stripe) is replaced, and its subscription with it.
   */
  async linkCustomer(
    db: Queryable,
    payer: { businessId: string; userId: string },
    provider: BillingMode,
    customerId: string,
  ): Promise<BillingAccount> {
    const [row] = await db
      .insert(billingAccounts)
      .values({ businessId: payer.businessId, userId: payer.userId, provider, customerId })
      .onConflictDoUpdate({
        target: billingAccounts.businessId,
        set: {
          userId: payer.userId,
          provider,
          customerId,
          subscriptionId: null,
          status: null,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
          paymentFailedAt: null,
          stateAsOf: null,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${billingAccounts.provider} <> excluded.provider or ${billingAccounts.customerId} <> excluded.customer_id`,
      })
      .returning();
    return row ?? (await billingRepo.accountOfBusiness(db, payer.businessId).then(required));
  },

  /** The subscription state as of `asOf`; a payment failure before it is settled by an active state. */
  async saveState(db: Queryable, businessId: string, state: ProviderSubscription, asOf: Date) {
    const settled = ['active', 'trialing'].includes(state.status);
    await db
      .update(billingAccounts)
      .set({
        subscriptionId: state.subscriptionId,
        status: state.status,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        interval: state.interval,
        stateAsOf: asOf,
        paymentFailedAt: settled
          ? sql`case when ${billingAccounts.paymentFailedAt} <= ${asOf} then null else ${billingAccounts.paymentFailedAt} end`
          : undefined,
        updatedAt: sql`now()`,
      })
      .where(eq(billingAccounts.businessId, businessId));
  },

  async savePaymentFailure(db: Queryable, businessId: string, at: Date) {
    await db
      .update(billingAccounts)
      .set({
        paymentFailedAt: sql`greatest(${billingAccounts.paymentFailedAt}, ${at})`,
        updatedAt: sql`now()`,
      })
      .where(eq(billingAccounts.businessId, businessId));
  },

  /** Stores an event once: false when its id was already received (a replay). */
  async insertEvent(
    db: Queryable,
    event: { id: string; type: string; payload: unknown; test: boolean },
  ): Promise<boolean> {
    const inserted = await db
      .insert(billingEvents)
      .values(event)
      .onConflictDoNothing({ target: billingEvents.id })
      .returning({ id: billingEvents.id });
    return inserted.length === 1;
  },

  /** A stored event; `lock` (in a transaction) holds it while it is applied, so it is applied once. */
  async event(db: Queryable, id: string, options: { lock?: boolean } = {}) {
    const query = db.select().from(billingEvents).where(eq(billingEvents.id, id));
    const [row] = await (options.lock ? query.for('update') : query);
    return row;
  },

  async markProcessed(db: Queryable, id: string) {
    await db.update(billingEvents).set({ processedAt: sql`now()` }).where(eq(billingEvents.id, id));
  },

  async lastEvent(db: Queryable) {
    const [row] = await db
      .select({ type: billingEvents.type, receivedAt: billingEvents.receivedAt, test: billingEvents.test })
      .from(billingEvents)
      .orderBy(desc(billingEvents.receivedAt))
      .limit(1);
    return row;
  },
};

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('billing account missing after upsert');
  return value;
}
