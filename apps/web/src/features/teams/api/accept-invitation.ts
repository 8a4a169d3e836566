import { type AcceptedInvitation, invitationLinkEndpoints, type JoiningRecordsChoice } from '@app/contract';
import { call } from '../../../lib/api-client.ts';
import { authStore } from '../../../lib/auth/auth-store.ts';

/**
 * POST /api/invitations/:token/accept. Joining ends the joiner's sessions (their business is in
 * the access token, ADR 0078), so the answer's fresh session takes their place here at once.
 */
export async function acceptInvitation(token: string, records?: JoiningRecordsChoice): Promise<AcceptedInvitation> {
  const accepted = await call(invitationLinkEndpoints.accept, { params: { token }, body: records ? { records } : {} });
  authStore.setSession(accepted.session, 'TOKEN_REFRESHED');
  return accepted;
}
