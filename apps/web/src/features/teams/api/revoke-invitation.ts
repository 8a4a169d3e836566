import { teamEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { teamQueryKey } from '../../../lib/team/team.ts';

/** DELETE /api/team/invitations/:id: its link stops working. */
export function useRevokeInvitationMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(teamEndpoints.revokeInvitation, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamQueryKey(userId) }),
  });
}
