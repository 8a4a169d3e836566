import { adminEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

function markMessageHandled(id: string) {
  return call(adminEndpoints.markContactMessageHandled, { params: { id } });
}

/** Marks a contact message handled; the message lists are read again. */
export function useMarkMessageHandledMutation(adminId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessageHandled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all(adminId), 'contact-messages'] }),
  });
}
