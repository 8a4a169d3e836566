import { documentKinds, INVITABLE_ROLES, JOINING_RECORDS_CHOICES, MEMBER_ROLES, signatureMethods } from '@app/contract';
import { z } from 'zod/mini';

/*
 * What the audit trail records. Each event type has its own `data`; add a type by adding a member to
 * `auditEventSchema` (types are never renamed or removed: old rows are read with the same union),
 * and to the contract's ACTIVITY_EVENT_TYPES, which the owner's activity view words (ADR 0090).
 */

/** What an event is about: a document (by kind and id), for account events a user, for team events a business. */
const auditSubjectKinds = [...documentKinds, 'user', 'business'] as const;
export const auditSubjectSchema = z.object({ kind: z.enum(auditSubjectKinds), id: z.uuid() });
export type AuditSubject = z.infer<typeof auditSubjectSchema>;

/** Who did it: a signed-in user (an owner or an admin), a signer by link (no account), or the system (jobs, billing). */
export const auditActorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.uuid() }),
  z.object({ kind: z.literal('signer') }),
  z.object({ kind: z.literal('system') }),
]);
export type AuditActor = z.infer<typeof auditActorSchema>;

const sha256 = z.string().check(z.regex(/^[0-9a-f]{64}$/));
/** One signer of a signing request; the trail records their events by this id. */
const signer = { signerId: z.uuid() };

const eventOf = <Type extends string, Data extends z.core.$ZodLooseShape>(type: Type, data: Data) =>
  z.object({ type: z.literal(type), data: z.object(data) });

export const auditEventSchema = z.discriminatedUnion('type', [
  // Signing by link (PRODUCT.md, Signing): the document's SHA-256 is recorded at send and at signing.
  eventOf('signing.sent', { ...signer, documentSha256: sha256 }),
  eventOf('signing.opened', signer),
  // How the signature was made (drawn, typed or uploaded); absent on signatures from before the choice, all drawn.
  eventOf('signing.signed', { ...signer, documentSha256: sha256, method: z.optional(z.enum(signatureMethods)) }),
  eventOf('signing.declined', { ...signer, reason: z.string().check(z.maxLength(2000)) }),
  eventOf('signing.reminded', signer),
  eventOf('signing.expired', signer),
  eventOf('signing.revoked', signer),
  // The owner took a junk site sign-on off the register; the sign-on's own events stay.
  eventOf('signing.set_aside', signer),
  eventOf('signing.completed', { documentSha256: sha256 }),
  // Premium by billing or by an admin (PRODUCT.md, Plans); `until` null means no end.
  eventOf('premium.granted', {
    source: z.enum(['billing', 'admin']),
    until: z.nullable(z.iso.datetime({ offset: true })),
    reason: z.optional(z.string().check(z.maxLength(500))),
  }),
  eventOf('premium.revoked', {
    source: z.enum(['billing', 'admin']),
    reason: z.optional(z.string().check(z.maxLength(500))),
  }),
  // Billing (ADR 0013): the provider's subscription as applied to the user's subscriber record.
  eventOf('billing.subscription_changed', {
    provider: z.enum(['stripe', 'test']),
    subscriptionId: z.string().check(z.maxLength(255)),
    status: z.string().check(z.maxLength(64)),
    premium: z.boolean(),
    periodEnd: z.nullable(z.iso.datetime({ offset: true })),
    cancelAtPeriodEnd: z.boolean(),
  }),
  eventOf('billing.checkout_completed', {
    provider: z.enum(['stripe', 'test']),
    subscriptionId: z.nullable(z.string().check(z.maxLength(255))),
  }),
  eventOf('billing.payment_failed', { provider: z.enum(['stripe', 'test']) }),
  // The account itself (ADR 0020): no addresses are kept, so the trail holds nothing of a deleted user but ids.
  eventOf('account.email_changed', {}),
  eventOf('account.deleted', {}),
  // API tokens (ADR 0055), about their owner: made, first used, revoked. Never the token or its hash.
  eventOf('api_token.created', { tokenId: z.uuid() }),
  eventOf('api_token.first_used', { tokenId: z.uuid() }),
  eventOf('api_token.revoked', { tokenId: z.uuid() }),
  // A business's team (ADR 0077), about the business: who was invited, joined, left, changed role.
  eventOf('member.invited', { invitationId: z.uuid(), role: z.enum(INVITABLE_ROLES) }),
  eventOf('invitation.revoked', { invitationId: z.uuid() }),
  // `records`: what the joiner chose for their own business's records, when it held any (ADR 0089).
  eventOf('member.joined', {
    userId: z.uuid(),
    invitationId: z.uuid(),
    role: z.enum(INVITABLE_ROLES),
    records: z.optional(z.enum(JOINING_RECORDS_CHOICES)),
  }),
  eventOf('member.removed', { userId: z.uuid() }),
  eventOf('member.role_changed', { userId: z.uuid(), from: z.enum(MEMBER_ROLES), to: z.enum(INVITABLE_ROLES) }),
  // Office reviews before issue (ADR 0077), about the certificate: a field member submitted it, the office sent it back.
  eventOf('certificate.submitted_for_review', {}),
  eventOf('certificate.returned', { note: z.string().check(z.maxLength(1000)) }),
  // Webhook endpoints (ADR 0055), about their owner: turned back on after being disabled, given a new secret.
  eventOf('webhook.enabled', { endpointId: z.uuid() }),
  eventOf('webhook.secret_rotated', { endpointId: z.uuid(), secretVersion: z.number().check(z.int(), z.positive()) }),
  // A record's life, about the document (ADR 0090): a version issued (version 2 on: an amendment),
  // the record deleted, or withdrawn because someone signed it. The number is kept for the activity
  // view, which cannot read it from a record that is gone.
  eventOf('document.issued', { number: z.string().check(z.maxLength(100)), version: z.number().check(z.int()) }),
  eventOf('document.deleted', { number: z.nullable(z.string().check(z.maxLength(100))) }),
  eventOf('document.withdrawn', { number: z.nullable(z.string().check(z.maxLength(100))) }),
]);
/** The type and its data, e.g. `{ type: 'signing.declined', data: { signerId, reason } }`. */
export type AuditEventBody = z.infer<typeof auditEventSchema>;
