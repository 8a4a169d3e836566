import { z } from 'zod/mini';
import { nextCursorSchema, pageQuery } from '../common/paging.ts';
import { timestampSchema, uuidSchema } from '../common/values.ts';
import { documentKinds } from '../documents/kinds.ts';
import { madeBySchema } from './made-by.ts';
import { MEMBER_ROLES } from './roles.ts';

/** Rows per page of the owner's activity view (ADR 0057: "Load more" asks for as many again). */
export const ACTIVITY_PAGE_SIZE = 25;

/**
 * Every event type the audit trail records (platform/audit/audit-events.ts), which the activity
 * view names in words. The server's activity answers the trail's type as one of these, and the
 * web's words are a record over them, so a new event type fails typecheck until it is listed here
 * and has words (ADR 0090).
 */
export const ACTIVITY_EVENT_TYPES = [
  'signing.sent',
  'signing.opened',
  'signing.signed',
  'signing.declined',
  'signing.reminded',
  'signing.expired',
  'signing.revoked',
  'signing.set_aside',
  'signing.completed',
  'premium.granted',
  'premium.revoked',
  'billing.subscription_changed',
  'billing.checkout_completed',
  'billing.payment_failed',
  'account.email_changed',
  'account.deleted',
  'api_token.created',
  'api_token.first_used',
  'api_token.revoked',
  'member.invited',
  'invitation.revoked',
  'member.joined',
  'member.removed',
  'member.role_changed',
  'certificate.submitted_for_review',
  'certificate.returned',
  'webhook.enabled',
  'webhook.secret_rotated',
  'document.issued',
  'document.deleted',
  'document.withdrawn',
] as const;
export type ActivityEventType = (typeof ACTIVITY_EVENT_TYPES)[number];

/** The owner's filters: one member's doings, one kind of record's; a page after `cursor`. */
export const activityQuerySchema = z.object({
  member: z.optional(uuidSchema),
  kind: z.optional(z.enum(documentKinds)),
  ...pageQuery(ACTIVITY_PAGE_SIZE),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;

/** Who did it: a member, a signer by link (no account), or TradeCert itself (a link expiring, a reminder). */
export const ACTIVITY_ACTORS = ['member', 'signer', 'system'] as const;
export type ActivityActor = (typeof ACTIVITY_ACTORS)[number];

/**
 * One thing that happened in the business. `actor` says who did it; for a member, `by` names them
 * (null: "Former member", their account is gone). `signer` is the signer a signing event is about,
 * by the name they were sent under. `record` is the document it was about, with its number when the
 * event recorded one; `member` the person a team event was about (null when their account is gone),
 * or `email` the address an invitation went to; `role` and `from_role` what a role became and was.
 */
export const activityEntrySchema = z.object({
  id: z.string(),
  occurred_at: timestampSchema,
  type: z.enum(ACTIVITY_EVENT_TYPES),
  actor: z.enum(ACTIVITY_ACTORS),
  by: madeBySchema,
  signer: z.nullable(z.string()),
  record: z.nullable(
    z.object({
      kind: z.enum(documentKinds),
      id: z.string(),
      number: z.nullable(z.string()),
      version: z.nullable(z.number()),
    }),
  ),
  member: madeBySchema,
  email: z.nullable(z.string()),
  role: z.nullable(z.enum(MEMBER_ROLES)),
  from_role: z.nullable(z.enum(MEMBER_ROLES)),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** A page of the activity, newest first, and the business's time zone its dates are read in. */
export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  next_cursor: nextCursorSchema,
  time_zone: z.string(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
