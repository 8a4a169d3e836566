import type { Invitation } from '@app/contract';
import type { InvitationView } from './teams.repo.ts';

export function toInvitation(invitation: InvitationView): Invitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    invited_by_name: invitation.invitedByName,
    created_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
  };
}
