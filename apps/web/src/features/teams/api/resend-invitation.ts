import { teamEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { teamQueryKey } from '../../../lib/team/team.ts';

/** POST /api/team/invitations/:id/resend: a new link and a new 7 days; the old link stops working. */
export function useResendInvitationMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(teamEndpoints.resendInvitation, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamQueryKey(userId) }),
  });
}
