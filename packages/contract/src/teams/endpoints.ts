import { z } from 'zod/mini';
import { okResponseSchema } from '../auth/auth.ts';
import { errorCodes } from '../errors/errors.ts';
import { defineEndpoint } from '../http/endpoint.ts';
import { activityPageSchema, activityQuerySchema } from './activity.ts';
import { seatChoiceRequestSchema } from './seats.ts';
import {
  acceptedInvitationSchema,
  acceptInvitationRequestSchema,
  invitationPreviewSchema,
  invitationRequestSchema,
  invitationSchema,
  roleChangeRequestSchema,
  teamMemberSchema,
  teamMessages,
  teamSchema,
  teamSettingsSchema,
} from './teams.ts';

// Any id string is accepted; one that is not a UUID is simply not found (404, not 400).
const idParams = z.object({ id: z.string().check(z.maxLength(100)) });
const userIdParams = z.object({ userId: z.string().check(z.maxLength(100)) });
const tokenParams = z.object({ token: z.string().check(z.maxLength(100)) });

/**
 * The caller's team (ADR 0077): members, invitations, roles, removal. `permission` names the key of
 * the roles table each needs; the service also holds the finer rules (office: field only).
 * API tokens never reach these (`apiTokens` left out).
 */
export const teamEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/team',
    auth: 'required',
    permission: 'members.view',
    summary: "The caller's business, their role, its members (owner first) and its pending invitations",
    responses: { 200: teamSchema },
    errors: [],
  }),
  activity: defineEndpoint({
    method: 'GET',
    path: '/api/team/activity',
    auth: 'required',
    permission: 'team.activity',
    summary:
      "Owner: what the business's members did, newest first, from the audit trail; by member or kind of record, 25 a page",
    query: activityQuerySchema,
    responses: { 200: activityPageSchema },
    errors: [errorCodes.forbidden],
  }),
  settings: defineEndpoint({
    method: 'PATCH',
    path: '/api/team/settings',
    auth: 'required',
    permission: 'certificates.review',
    summary: "Set the business's settings: review before issue (owner or office)",
    body: teamSettingsSchema,
    responses: { 200: teamSettingsSchema },
    errors: [errorCodes.forbidden],
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/api/team/invitations',
    auth: 'required',
    permission: 'members.invite',
    summary: 'Invite someone by email as office or field; the link is mailed and works for 7 days',
    body: invitationRequestSchema,
    responses: { 201: invitationSchema },
    errors: [errorCodes.forbidden, errorCodes.conflict, errorCodes.requestRateLimit],
  }),
  resendInvitation: defineEndpoint({
    method: 'POST',
    path: '/api/team/invitations/:id/resend',
    auth: 'required',
    permission: 'members.invite',
    summary: 'Mail a pending invitation again with a new link and a new 7 days; the old link stops working',
    params: idParams,
    notFound: teamMessages.invitationNotFound,
    responses: { 200: invitationSchema },
    errors: [errorCodes.notFound, errorCodes.forbidden, errorCodes.requestRateLimit],
  }),
  revokeInvitation: defineEndpoint({
    method: 'DELETE',
    path: '/api/team/invitations/:id',
    auth: 'required',
    permission: 'members.invite',
    summary: 'Withdraw a pending invitation: its link stops working',
    params: idParams,
    notFound: teamMessages.invitationNotFound,
    responses: { 200: okResponseSchema },
    errors: [errorCodes.notFound, errorCodes.forbidden],
  }),
  changeRole: defineEndpoint({
    method: 'PATCH',
    path: '/api/team/members/:userId',
    auth: 'required',
    permission: 'members.roles',
    summary: "Change a member's role (owner only); their sessions end, so the next sign-in carries it",
    params: userIdParams,
    notFound: teamMessages.memberNotFound,
    body: roleChangeRequestSchema,
    responses: { 200: teamMemberSchema },
    errors: [errorCodes.notFound, errorCodes.forbidden, errorCodes.conflict],
  }),
  removeMember: defineEndpoint({
    method: 'DELETE',
    path: '/api/team/members/:userId',
    auth: 'required',
    permission: 'members.invite',
    summary:
      'Remove a member: they get a business of their own, their sessions and API tokens end, their records stay here',
    params: userIdParams,
    notFound: teamMessages.memberNotFound,
    responses: { 200: okResponseSchema },
    errors: [errorCodes.notFound, errorCodes.forbidden, errorCodes.conflict],
  }),
  chooseSeats: defineEndpoint({
    method: 'PUT',
    path: '/api/team/seats',
    auth: 'required',
    permission: 'billing.manage',
    summary: 'Owner: who keeps a seat when the members outnumber the seats (the owner always does); the rest read only',
    body: seatChoiceRequestSchema,
    responses: { 200: teamSchema },
    errors: [errorCodes.notFound, errorCodes.forbidden, errorCodes.conflict],
  }),
} as const;

/** The invitation link: read by anyone holding it, accepted by the invitee signed in with its address. */
export const invitationLinkEndpoints = {
  preview: defineEndpoint({
    method: 'GET',
    path: '/api/invitations/:token',
    auth: 'none',
    summary: 'Which business invites which address as which role, and whether the link can still be accepted',
    params: tokenParams,
    rateLimit: 'invitationLink',
    responses: { 200: invitationPreviewSchema },
    errors: [errorCodes.notFound, errorCodes.requestRateLimit],
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/invitations/:token/accept',
    auth: 'required',
    // Joining is the invitee's own account's business, whatever their role where they are now.
    permission: 'account.own',
    summary:
      "Join the business as the invitation's role, signed in with its address; answers a fresh session in the new business",
    params: tokenParams,
    body: acceptInvitationRequestSchema,
    rateLimit: 'invitationLink',
    responses: { 200: acceptedInvitationSchema },
    errors: [
      errorCodes.notFound,
      errorCodes.forbidden,
      errorCodes.conflict,
      errorCodes.recordsToResolve,
      errorCodes.linkExpired,
      errorCodes.requestRateLimit,
    ],
  }),
} as const;
