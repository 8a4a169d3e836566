import type { ApiTokenScope, WebhookEventType } from '@app/contract';
import { boolean, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../../platform/accounts/accounts.schema.ts';
import { businesses } from '../../platform/accounts/business.schema.ts';

/** Personal API tokens (ADR 0055): only the token's SHA-256 is kept. A revoked one stays, for the audit trail's ids. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The token's holder: it acts as them, so it goes with their account. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').$type<ApiTokenScope>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    hint: text('hint').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('api_tokens_business_idx').on(table.businessId)],
);

/**
 * Where a business's events are posted; its signing secret is derived from the id and `secretVersion`,
 * never stored (ADR 0055). Rotating adds one to the version; until `previousSecretUntil` deliveries
 * are signed with the previous version's secret as well.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Who registered it; the endpoint stays with the business when they go (ADR 0077). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    /** Deliveries that failed every attempt since the last one that arrived. */
    failedDeliveriesInARow: integer('failed_deliveries_in_a_row').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    secretVersion: integer('secret_version').notNull().default(1),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_endpoints_business_idx').on(table.businessId)],
);

/** One event for one endpoint; its id is the `webhook-id` a receiver de-duplicates on. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').$type<WebhookEventType>().notNull(),
    /** The exact body sent, so every attempt and a resend sign and send the same bytes. */
    body: text('body').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    /** Attempts of the current round (a resend starts a new one). */
    roundAttempts: smallint('round_attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt)],
);

/** Each attempt of a delivery, for the log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: smallint('status_code'),
    ok: boolean('ok').notNull(),
    error: text('error'),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt)],
);
