import { swmsEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { swmsKeys } from './swms-keys.ts';

/** DELETE /api/swms/:id: only a SWMS nobody has signed. */
export function useDeleteSwmsMutation(userId: string, id: string, onSuccess: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(swmsEndpoints.delete, { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: swmsKeys.detail(userId, id) });
      void queryClient.invalidateQueries({ queryKey: swmsKeys.lists(userId) });
      onSuccess();
    },
  });
}
