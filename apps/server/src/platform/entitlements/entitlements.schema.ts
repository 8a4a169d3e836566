import { SUBSCRIPTION_TIERS } from '@app/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../accounts/accounts.schema.ts';
import { businesses } from '../accounts/business.schema.ts';

export const subscribers = pgTable(
  'subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Whose Premium it is (ADR 0077); null only on a record kept under an email before its account
     * existed (PRODUCT.md, API conventions), which the account's business adopts.
     */
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    /** The business's owner when the record was written (who pays); null with the business. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    subscribed: boolean('subscribed').notNull().default(false),
    subscriptionTier: text('subscription_tier', { enum: SUBSCRIPTION_TIERS }).notNull().default('free'),
    subscriptionEnd: timestamp('subscription_end', { withTimezone: true }),
    /**
     * The billing provider the subscription was bought through ('stripe' or 'test'): only the
     * provider the server runs with now is honoured, so test-mode Premium ends when Stripe is
     * switched on (ADR 0024).
     */
    subscriptionProvider: text('subscription_provider'),
    /**
     * Complimentary Premium granted by an admin, and since when; null without one. Billing never
     * writes it, and revoking it leaves a paid subscription as it is (ADR 0019).
     */
    complimentarySince: timestamp('complimentary_since', { withTimezone: true }),
    /** Seats bought beyond those Premium includes: the Stripe subscription item's quantity (ADR 0077). */
    extraSeats: integer('extra_seats').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('subscribers_business_id_unique').on(table.businessId),
    check('subscribers_business_with_user', sql`(${table.businessId} is null) = (${table.userId} is null)`),
    unique('subscribers_email_unique').on(table.email),
    check('subscribers_extra_seats_non_negative', sql`${table.extraSeats} >= 0`),
    check('subscribers_tier_valid', sql`${table.subscriptionTier} in ('free', 'premium')`),
  ],
);

/** Certificates a business completed in a month: the free plan's limit is the business's (ADR 0077). */
export const monthlyCertificateCounts = pgTable(
  'monthly_certificate_counts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    count: integer('count').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('monthly_certificate_counts_business_month_unique').on(table.businessId, table.month),
    check('monthly_certificate_counts_count_non_negative', sql`${table.count} >= 0`),
    check('monthly_certificate_counts_month_format', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);
