import { z } from 'zod/mini';
import type { Permission } from './permissions.ts';

/*
 * Seats (ADR 0077, "Plans per business"): who in a business may create. The free plan seats the
 * owner and one more; Premium includes PREMIUM_INCLUDED_SEATS and sells more, one per unit of the
 * Stripe subscription item's quantity. Waiting invitations hold seats. A lapse removes no one: the
 * members past the seats read until the owner picks who stays.
 */

/** The owner and one more member. */
export const FREE_PLAN_SEATS = 2;
/** What Premium includes before any extra seat is bought. */
export const PREMIUM_INCLUDED_SEATS = 5;
/** The most extra seats one checkout or portal change takes (Stripe's quantity is bounded by us). */
export const MAX_EXTRA_SEATS = 95;

/** The seats a business has: the plan's, plus the extra seats bought while it is Premium. */
export const seatsOfPlan = (premium: boolean, extraSeats: number): number =>
  premium ? PREMIUM_INCLUDED_SEATS + extraSeats : FREE_PLAN_SEATS;

export const seatMessages = {
  /** Inviting or joining past the seats (409). */
  seatsTaken: (seats: number, premium: boolean) =>
    premium
      ? `All ${seats} seats of your plan are taken by members or waiting invitations. Buy more seats on the Subscription page, or revoke an invitation.`
      : `All ${seats} seats of the free plan are taken by members or waiting invitations. Upgrade to Premium for ${PREMIUM_INCLUDED_SEATS} seats, or revoke an invitation.`,
  /** The invitee's side of the same refusal, when the business's seats ran out before they accepted. */
  noSeatToJoin:
    'This business has no free seat for you right now. Ask whoever invited you to make room, then try again.',
  /** A write by a member without a seat (403 `seat_required`); reads still work. */
  seatRequired:
    'Your business has more members than seats, so you can view records but not create or change them. Ask the owner to buy more seats or to give you one.',
  /** The owner picked more members than there are seats. */
  tooManyChosen: (seats: number) =>
    `Your plan has ${seats} seats, you included. Choose at most ${seats - 1} other members, or buy more seats.`,
  /** The owner picked someone who is not a member. */
  notAMember: 'Choose only members of your business.',
} as const;

/** How many seats the business has and how many its members and waiting invitations hold. */
export const seatUsageSchema = z.object({
  /** Members plus waiting invitations. */
  used: z.number(),
  /** The plan's seats: free 2, Premium 5 plus any bought. */
  included: z.number(),
  /** Extra seats bought (the subscription's quantity); 0 on the free plan. */
  extra: z.number(),
});
export type SeatUsage = z.infer<typeof seatUsageSchema>;

/** Who keeps a seat, the owner aside (the owner always does). */
export const seatChoiceRequestSchema = z.object({
  user_ids: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(PREMIUM_INCLUDED_SEATS + MAX_EXTRA_SEATS)),
});
export type SeatChoiceRequest = z.input<typeof seatChoiceRequestSchema>;

/** Extra seats to buy at checkout or to hold after a portal change. */
export const extraSeatsSchema = z.number().check(z.int(), z.minimum(0), z.maximum(MAX_EXTRA_SEATS));

/**
 * Whether a member needs a seat to call the endpoint: every write a permission guards, except their
 * own account's (name, password, joining or leaving). Reads never need one. route.ts checks it, the
 * OpenAPI document declares its 403.
 */
export const needsSeat = (endpoint: { method: string; permission?: Permission | undefined }): boolean =>
  endpoint.permission !== undefined && endpoint.permission !== 'account.own' && endpoint.method !== 'GET';
