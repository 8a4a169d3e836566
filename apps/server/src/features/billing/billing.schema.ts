import { BILLING_INTERVALS } from '@app/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, updatedAt } from '../../db/columns.ts';
import { users } from '../../platform/accounts/accounts.schema.ts';
import { businesses } from '../../platform/accounts/business.schema.ts';

/**
 * A business's account with the billing provider and the last subscription state applied to it
 * (ADR 0013). `stateAsOf` is when that state was true at the provider: an older one is never applied
 * over it, so events arriving out of order cannot regress the subscription.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The owner who opened it (the provider's customer is made for them). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id'),
    status: text('status'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /**
     * How often the subscription renews, as bought (the seat price shown depends on it). Null until
     * a state that says it is applied: subscriptions applied before the column existed.
     */
    interval: text('interval', { enum: BILLING_INTERVALS }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true }),
    stateAsOf: timestamp('state_as_of', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('billing_accounts_customer_unique').on(table.provider, table.customerId),
    check('billing_accounts_provider_valid', sql`${table.provider} in ('stripe', 'test')`),
    check('billing_accounts_interval_valid', oneOf(table.interval, BILLING_INTERVALS)),
  ],
);

/** Every webhook event received, once by its id (a replay is a no-op); processed by the job queue. */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    /** An admin's test event from /webhook-test: recorded as the last event, applied to nobody. */
    test: boolean('test').notNull().default(false),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [index('billing_events_received_idx').on(table.receivedAt)],
);
