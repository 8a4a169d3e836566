import type { WebhookEventType } from '@app/contract';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { memberships } from '../../platform/accounts/business.schema.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from './api-access.schema.ts';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;

/** The deliveries the log shows per endpoint. */
const LOG_LENGTH = 50;

/** SQL of webhook endpoints, deliveries and attempts; what a caller reaches is filtered by their business (ADR 0077). */
export const webhooksRepo = {
  listEndpoints(db: Queryable, businessId: string): Promise<WebhookEndpointRow[]> {
    return db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.businessId, businessId))
      .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  },

  async countEndpoints(db: Queryable, businessId: string): Promise<number> {
    const [row] = await db
      .select({ count: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.businessId, businessId));
    return row?.count ?? 0;
  },

  async lockBusiness(tx: Queryable, businessId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhook-endpoints:${businessId}`}, 0))`);
  },

  async insertEndpoint(
    db: Queryable,
    endpoint: { businessId: string; userId: string; url: string; events: WebhookEventType[] },
  ): Promise<WebhookEndpointRow> {
    const [row] = await db.insert(webhookEndpoints).values(endpoint).returning();
    if (!row) throw new Error('webhook endpoint insert returned nothing');
    return row;
  },

  async findEndpoint(db: Queryable, businessId: string, id: string): Promise<WebhookEndpointRow | undefined> {
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id)));
    return row;
  },

  async deleteEndpoint(db: Queryable, businessId: string, id: string): Promise<boolean> {
    const deleted = await db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id });
    return deleted.length > 0;
  },

  /** Turns the business's disabled endpoint back on, its failures forgotten; undefined when it is not disabled (or not its). */
  async enableEndpoint(db: Queryable, businessId: string, id: string): Promise<WebhookEndpointRow | undefined> {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ disabledAt: null, failedDeliveriesInARow: 0 })
      .where(
        and(
          eq(webhookEndpoints.businessId, businessId),
          eq(webhookEndpoints.id, id),
          isNotNull(webhookEndpoints.disabledAt),
        ),
      )
      .returning();
    return row;
  },

  /** The business's endpoint on its next secret version; the previous one signs too until `previousUntil`. */
  async rotateSecret(
    db: Queryable,
    businessId: string,
    id: string,
    previousUntil: Date,
  ): Promise<WebhookEndpointRow | undefined> {
    const [row] = await db
      .update(webhookEndpoints)
      .set({ secretVersion: sql`${webhookEndpoints.secretVersion} + 1`, previousSecretUntil: previousUntil })
      .where(and(eq(webhookEndpoints.businessId, businessId), eq(webhookEndpoints.id, id)))
      .returning();
    return row;
  },

  /** The enabled endpoints that listen for `event` of the business `owner` names (ADR 0077). */
  listening(
    db: Queryable,
    owner: { businessId: string } | { userId: string },
    event: WebhookEventType,
  ): Promise<WebhookEndpointRow[]> {
    const business =
      'businessId' in owner
        ? owner.businessId
        : db
            .select({ businessId: memberships.businessId })
            .from(memberships)
            .where(eq(memberships.userId, owner.userId));
    return db
      .select()
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.businessId, business),
          isNull(webhookEndpoints.disabledAt),
          sql`${event} = any(${webhookEndpoints.events})`,
        ),
      );
  },

  async insertDelivery(
    db: Queryable,
    delivery: { endpointId: string; event: WebhookEventType; body: string },
  ): Promise<WebhookDeliveryRow> {
    const [row] = await db.insert(webhookDeliveries).values(delivery).returning();
    if (!row) throw new Error('webhook delivery insert returned nothing');
    return row;
  },

  /** A delivery with its endpoint (the job's; the queue runs one job once at a time). */
  async findDelivery(db: Queryable, id: string) {
    const [row] = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, id));
    return row;
  },

  /** The business's delivery with its endpoint (for "Resend"). */
  async findOwnedDelivery(db: Queryable, businessId: string, id: string) {
    const [row] = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, id), eq(webhookEndpoints.businessId, businessId)))
      .for('update', { of: webhookDeliveries });
    return row;
  },

  async recordAttempt(
    db: Queryable,
    attempt: { deliveryId: string; statusCode: number | null; ok: boolean; error: string | null },
  ): Promise<number> {
    await db.insert(webhookAttempts).values(attempt);
    const [row] = await db
      .update(webhookDeliveries)
      .set({ roundAttempts: sql`${webhookDeliveries.roundAttempts} + 1` })
      .where(eq(webhookDeliveries.id, attempt.deliveryId))
      .returning({ roundAttempts: webhookDeliveries.roundAttempts });
    return row?.roundAttempts ?? 0;
  },

  async setDeliveryStatus(
    db: Queryable,
    id: string,
    status: WebhookDeliveryRow['status'],
    options: { newRound?: boolean } = {},
  ): Promise<WebhookDeliveryRow> {
    const [row] = await db
      .update(webhookDeliveries)
      .set({ status, ...(options.newRound && { roundAttempts: 0 }) })
      .where(eq(webhookDeliveries.id, id))
      .returning();
    if (!row) throw new Error(`webhook delivery ${id} vanished`);
    return row;
  },

  /**
   * Fails a delivery that is still pending; false when it no longer is. An attempt the queue gave up
   * on (past its deadline) may still finish after the retry that replaced it: only one of them moves
   * the delivery to failed, so only one counts it against the endpoint.
   */
  async failPending(tx: Queryable, id: string): Promise<boolean> {
    const failed = await tx
      .update(webhookDeliveries)
      .set({ status: 'failed' })
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')))
      .returning({ id: webhookDeliveries.id });
    return failed.length > 0;
  },

  async resetFailures(db: Queryable, endpointId: string): Promise<void> {
    await db
      .update(webhookEndpoints)
      .set({ failedDeliveriesInARow: 0 })
      .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.failedDeliveriesInARow} <> 0`));
  },

  /**
   * Counts a delivery that failed every attempt and disables the endpoint at `disableAfter` in a row;
   * true only for the statement that disabled it, so the owner's mail is queued once. The count is
   * one statement (concurrent failures each add one); the disabling is its own conditional update,
   * which only an enabled endpoint passes: deliveries still in flight once it is disabled, even a
   * success that starts the count again, never disable it a second time.
   */
  async countFailure(tx: Queryable, endpointId: string, disableAfter: number): Promise<boolean> {
    await tx
      .update(webhookEndpoints)
      .set({ failedDeliveriesInARow: sql`${webhookEndpoints.failedDeliveriesInARow} + 1` })
      .where(eq(webhookEndpoints.id, endpointId));
    const disabled = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: sql`now()` })
      .where(
        and(
          eq(webhookEndpoints.id, endpointId),
          isNull(webhookEndpoints.disabledAt),
          sql`${webhookEndpoints.failedDeliveriesInARow} >= ${disableAfter}`,
        ),
      )
      .returning({ id: webhookEndpoints.id });
    return disabled.length > 0;
  },

  async findEndpointById(db: Queryable, id: string): Promise<WebhookEndpointRow | undefined> {
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return row;
  },

  /** The endpoint's latest deliveries, newest first, and their attempts (bounded: 50 deliveries). */
  async log(db: Queryable, endpointId: string) {
    const deliveries = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(LOG_LENGTH);
    const attempts = deliveries.length
      ? await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((delivery) => delivery.id),
            ),
          )
          .orderBy(webhookAttempts.attemptedAt)
      : [];
    return { deliveries, attempts };
  },

  /** Forgets finished deliveries (and their attempts) older than `days`; answers how many. */
  async sweepLog(db: Queryable, days: number): Promise<number> {
    const deleted = await db
      .delete(webhookDeliveries)
      .where(
        and(
          sql`${webhookDeliveries.createdAt} < now() - make_interval(days => ${days})`,
          sql`${webhookDeliveries.status} <> 'pending'`,
        ),
      )
      .returning({ id: webhookDeliveries.id });
    return deleted.length;
  },

  attemptsOf(db: Queryable, deliveryId: string): Promise<WebhookAttemptRow[]> {
    return db
      .select()
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, deliveryId))
      .orderBy(webhookAttempts.attemptedAt);
  },
};
