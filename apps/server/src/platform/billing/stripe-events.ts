import type { BillingInterval } from '@app/contract';
import { z } from 'zod/mini';
import type { ProviderSubscription } from './billing-provider.ts';

/*
 * The parts of Stripe's event objects billing reads, checked with zod: a stored event (jsonb) is
 * read back through these, never cast. Unknown fields pass; a missing one fails the job loudly.
 */

const idOf = z.union([
  z.string(),
  z.pipe(
    z.object({ id: z.string() }),
    z.transform((object) => object.id),
  ),
]);

export const stripeSubscriptionSchema = z.object({
  id: z.string(),
  customer: idOf,
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  ended_at: z.nullish(z.number()),
  items: z.object({
    data: z.array(
      z.object({
        current_period_end: z.number(),
        quantity: z.optional(z.number()),
        price: z.optional(z.object({ recurring: z.nullish(z.object({ interval: z.string() })) })),
      }),
    ),
  }),
});

const checkoutSessionSchema = z.object({
  client_reference_id: z.nullish(z.string()),
  customer: z.nullish(idOf),
  subscription: z.nullish(idOf),
});

const invoiceSchema = z.object({ customer: z.nullish(idOf) });

const eventOf = <Type extends string, Object extends z.ZodMiniType>(types: readonly Type[], object: Object) =>
  z.object({
    id: z.string(),
    type: z.enum(types),
    created: z.number(),
    data: z.object({ object }),
  });

/** The events billing acts on (ADR 0013); any other type is stored and left alone. */
export const handledEventSchema = z.discriminatedUnion('type', [
  eventOf(['checkout.session.completed'], checkoutSessionSchema),
  eventOf(
    ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'],
    stripeSubscriptionSchema,
  ),
  eventOf(['invoice.payment_failed'], invoiceSchema),
]);
export type HandledEvent = z.infer<typeof handledEventSchema>;

/** Just enough of any event to store it: its id and type, and the customer it is about, if any. */
export const storedEventSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(255)),
  type: z.string().check(z.minLength(1), z.maxLength(255)),
  data: z.object({ object: z.object({ customer: z.nullish(idOf) }) }),
});

const fromUnixSeconds = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

/**
 * Premium is one subscription item whose quantity is one unit for Premium (its included seats) and
 * one per extra seat (ADR 0077): the price is graduated, its first unit Premium's, the rest a seat's.
 */
export const quantityOfSeats = (extraSeats: number) => 1 + extraSeats;
const extraSeatsOfQuantity = (quantity: number) => Math.max(0, Math.floor(quantity) - 1);

/** Premium's two prices recur by the month or the year; any other interval is none of ours. */
const STRIPE_INTERVALS: Record<string, BillingInterval> = { month: 'monthly', year: 'yearly' };
const intervalOfStripe = (interval: string | undefined) =>
  interval !== undefined && Object.hasOwn(STRIPE_INTERVALS, interval) ? STRIPE_INTERVALS[interval] : undefined;

/**
 * A Stripe Subscription (from the API or an event) in the provider-neutral shape. Since API
 * 2025-03 the period end is on each item; Premium is one item, the latest end is taken anyway.
 */
export function subscriptionFromStripe(subscription: z.input<typeof stripeSubscriptionSchema>): ProviderSubscription {
  const parsed = stripeSubscriptionSchema.parse(subscription);
  const itemEnds = parsed.items.data.map((item) => item.current_period_end);
  return {
    customerId: parsed.customer,
    subscriptionId: parsed.id,
    status: parsed.status,
    currentPeriodEnd: fromUnixSeconds(itemEnds.length > 0 ? Math.max(...itemEnds) : null),
    cancelAtPeriodEnd: parsed.cancel_at_period_end,
    endedAt: fromUnixSeconds(parsed.ended_at),
    extraSeats: extraSeatsOfQuantity(parsed.items.data[0]?.quantity ?? 1),
    interval: intervalOfStripe(parsed.items.data[0]?.price?.recurring?.interval),
  };
}

export const eventTime = (event: { created: number }) => new Date(event.created * 1000);
