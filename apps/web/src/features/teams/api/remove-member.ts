import { teamEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { teamQueryKey } from '../../../lib/team/team.ts';

/** DELETE /api/team/members/:userId: they get a business of their own; their records stay here. */
export function useRemoveMemberMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => call(teamEndpoints.removeMember, { params: { userId: memberId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamQueryKey(userId) }),
  });
}
