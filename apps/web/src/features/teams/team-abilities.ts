import type { InvitableRole, TeamMember } from '@app/contract';

type MemberRole = TeamMember['role'];

/** How the page names each role. */
export const ROLE_LABELS: Record<MemberRole, string> = { owner: 'Owner', office: 'Office', field: 'Field' };

/** What the caller's role lets them do on the Team page (ADR 0077, the roles table). */
export type TeamAbilities = {
  /** The roles they may invite as; none: no invite form. */
  invitableRoles: readonly InvitableRole[];
  /** Whether they may resend or revoke a pending invitation for this role. */
  managesInvitationFor: (role: InvitableRole) => boolean;
  /** Whether they may remove this member. */
  mayRemove: (member: Pick<TeamMember, 'user_id' | 'role'>) => boolean;
  /** Whether they may change this member's role. */
  mayChangeRole: (member: Pick<TeamMember, 'user_id' | 'role'>) => boolean;
  /** Whether they choose who keeps a seat when the members outnumber the seats. */
  choosesSeats: boolean;
};

/**
 * The owner does everything; the office invites, and resends, revokes and removes, field members
 * only; the field crew sees the list. Only the owner chooses who keeps a seat. Nobody removes the owner or themselves. Only what the page
 * offers: the server checks every request anyway.
 */
export function teamAbilities(you: { user_id: string; role: MemberRole }): TeamAbilities {
  const invitableRoles: readonly InvitableRole[] =
    you.role === 'owner' ? ['office', 'field'] : you.role === 'office' ? ['field'] : [];
  const managesRole = (role: MemberRole) => role !== 'owner' && invitableRoles.includes(role);
  return {
    invitableRoles,
    managesInvitationFor: managesRole,
    mayRemove: (member) => member.user_id !== you.user_id && managesRole(member.role),
    mayChangeRole: (member) => you.role === 'owner' && member.user_id !== you.user_id && member.role !== 'owner',
    choosesSeats: you.role === 'owner',
  };
}
