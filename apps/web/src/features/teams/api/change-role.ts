import { type InvitableRole, teamEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { teamQueryKey } from '../../../lib/team/team.ts';

/** PATCH /api/team/members/:userId (owner only): the member's sessions end, the next sign-in carries the role. */
export function useChangeRoleMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: InvitableRole }) =>
      call(teamEndpoints.changeRole, { params: { userId: memberId }, body: { role } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamQueryKey(userId) }),
  });
}
