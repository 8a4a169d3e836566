import { type InvitationRequest, teamEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { teamQueryKey } from '../../../lib/team/team.ts';

/** POST /api/team/invitations: the link is mailed (through the job queue) and the list shows it waiting. */
export function useInviteMemberMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationRequest) => call(teamEndpoints.invite, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamQueryKey(userId) }),
  });
}
