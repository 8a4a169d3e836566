import { invitationLinkEndpoints } from '@app/contract';
import { call } from '../../../lib/api-client.ts';
import { useReadWithoutCache } from '../../../lib/read-without-cache.ts';

/** GET /api/invitations/:token: which business invites which address, and whether the link still works. */
export const useInvitation = (token: string) =>
  useReadWithoutCache(token, (signal) => call(invitationLinkEndpoints.preview, { params: { token } }, { signal }));
