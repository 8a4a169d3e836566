import { teamEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { teamQueryKey } from '../../../lib/team/team.ts';

/** PUT /api/team/seats (owner only): exactly the chosen members and the owner keep a seat; it answers the team. */
export function useChooseSeatsMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberIds: readonly string[]) =>
      call(teamEndpoints.chooseSeats, { body: { user_ids: [...memberIds] } }),
    onSuccess: (team) => queryClient.setQueryData(teamQueryKey(userId), team),
  });
}
