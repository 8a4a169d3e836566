import { z } from 'zod/mini';
import { emailAddressSchema, emailSchema, sessionSchema } from '../auth/auth.ts';
import { timestampSchema } from '../common/values.ts';
import { CUSTOM_TEMPLATES_PER_BUSINESS } from '../compliance/custom-templates.ts';
import { FORBIDDEN_MESSAGE } from './permissions.ts';
import { MEMBER_ROLES } from './roles.ts';
import { seatUsageSchema } from './seats.ts';

/*
 * A business's team (ADR 0077): its members, the invitations waiting for an answer, joining by an
 * emailed link, role changes and removal. Only the owner is `owner`; an invitation asks for one of
 * the other roles.
 */

/** The roles an invitation or a role change may give: there is exactly one owner. */
export const INVITABLE_ROLES = ['office', 'field'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** The most invitations a business keeps waiting at once (each holds a seat, ADR 0077). */
export const PENDING_INVITATIONS_PER_BUSINESS = 50;

/** How long an invitation link works, in days (ADR 0077). */
export const INVITATION_LIFETIME_DAYS = 7;

/** What an invitee whose own business holds records does with them when joining. */
export const JOINING_RECORDS_CHOICES = ['bring', 'discard'] as const;
export type JoiningRecordsChoice = (typeof JOINING_RECORDS_CHOICES)[number];

/** Where an invitation link stands; only `pending` can be accepted. */
export const INVITATION_STATUSES = ['pending', 'expired', 'used', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** The records an invitee's own business holds, named in a `records_to_resolve` answer's details. */
export type RecordsToResolve = { certificates: number; safety_documents: number };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The team's own words; the server answers with them and the web shows them as they are. */
export const teamMessages = {
  forbidden: FORBIDDEN_MESSAGE,
  memberNotFound: 'Team member not found',
  invitationNotFound: 'Invitation not found',
  invitationLinkNotFound: 'This invitation link is not valid. Check that you opened the whole link from the email.',
  alreadyMember: (email: string) => `${email} is already a member of your business.`,
  alreadyInvited: (email: string) =>
    `${email} already has an invitation waiting. Use Resend to send it again, or revoke it first.`,
  invitationLimit: `You can have up to ${PENDING_INVITATIONS_PER_BUSINESS} invitations waiting. Revoke one that is no longer needed to invite someone else.`,
  invitationExpired: 'This invitation has expired. Ask whoever invited you to send it again.',
  invitationUsed: 'This invitation has already been used. Sign in to open your business.',
  invitationRevoked: 'This invitation was withdrawn. Ask whoever invited you for a new one.',
  wrongAddress: (email: string) => `This invitation is for ${email}. Sign in with that address to accept it.`,
  alreadyInBusiness: (businessName: string) => `You are already a member of ${businessName}.`,
  ownerWithMembers:
    'You own a business with other members. Remove them from your team first; then you can join another business.',
  subscriptionStillActive:
    'Your Premium subscription is still active. Cancel it on the Subscription page first; you can join another business once it no longer renews.',
  recordsToResolve: (records: RecordsToResolve, businessName: string) =>
    `Your own account holds ${plural(records.certificates, 'certificate', 'certificates')} and ${plural(records.safety_documents, 'SWMS or cover sheet', 'SWMS and cover sheets')}. Choose whether to bring them into ${businessName} or delete them, then join.`,
  bringPastTemplateLimit: (businessName: string) =>
    `Bringing your checklist templates would take ${businessName} past ${CUSTOM_TEMPLATES_PER_BUSINESS} templates. Delete the ones you no longer need, then join.`,
  ownerCannotBeRemoved: 'The owner cannot be removed from the business.',
  cannotRemoveYourself: 'You cannot remove yourself from your own team.',
  ownerRoleFixed: 'The owner’s role cannot be changed.',
  memberRemoved: (businessName: string) =>
    `You were removed from ${businessName}. Changes saved on this phone were not sent.`,
} as const;

export const memberRoleSchema = z.enum(MEMBER_ROLES);
export const invitableRoleSchema = z.enum(INVITABLE_ROLES);

export const teamBusinessSchema = z.object({
  id: z.string(),
  /** The company name from the profile; empty until the owner fills it in. */
  name: z.string(),
});

/** The business's settings: every member reads them, owner and office set them. */
export const teamSettingsSchema = z.object({
  /** A field member's complete becomes a submit for review (ADR 0077, "Office reviews before issue"). */
  review_before_issue: z.boolean(),
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;

export const teamMemberSchema = z.object({
  user_id: z.string(),
  /** Their name as printed (the profile's applicator name); empty until they fill it in. */
  name: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  joined_at: timestampSchema,
  /** Whether they hold a seat: without one they read but do not create (ADR 0077, seats). */
  seated: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: invitableRoleSchema,
  /** Null once the member who invited has deleted their account. */
  invited_by_name: z.nullable(z.string()),
  created_at: timestampSchema,
  expires_at: timestampSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;

/** The caller's business, who they are in it, its members (owner first) and its pending invitations. */
export const teamSchema = z.object({
  business: teamBusinessSchema,
  settings: teamSettingsSchema,
  you: z.object({ user_id: z.string(), role: memberRoleSchema }),
  members: z.array(teamMemberSchema),
  invitations: z.array(invitationSchema),
  seats: seatUsageSchema,
});
export type Team = z.infer<typeof teamSchema>;

export const invitationRequestSchema = z.object({
  email: z.pipe(emailSchema, emailAddressSchema),
  role: invitableRoleSchema,
});
export type InvitationRequest = z.input<typeof invitationRequestSchema>;

export const roleChangeRequestSchema = z.object({ role: invitableRoleSchema });
export type RoleChangeRequest = z.input<typeof roleChangeRequestSchema>;

/** What the link's page shows before anyone signs in. */
export const invitationPreviewSchema = z.object({
  business_name: z.string(),
  role: invitableRoleSchema,
  email: z.string(),
  status: z.enum(INVITATION_STATUSES),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * `records` is asked for only when the invitee's own business holds records: without it the answer
 * is 409 `records_to_resolve`, whose details name the counts (`certificates`, `safety_documents`,
 * each message the number as digits).
 */
export const acceptInvitationRequestSchema = z.object({
  records: z.optional(z.enum(JOINING_RECORDS_CHOICES)),
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

/**
 * Joining revokes the joiner's sessions (their business and role are in the access token, ADR
 * 0078), so the answer carries a fresh session in the new business for the client to use at once.
 */
export const acceptedInvitationSchema = z.object({
  business: teamBusinessSchema,
  role: invitableRoleSchema,
  session: sessionSchema,
});
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;
