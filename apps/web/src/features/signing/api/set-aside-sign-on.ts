import { signingEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type PanelRef, signingKeys } from './signing-keys.ts';

/** Sets a junk site sign-on aside: off the register, kept in the audit trail. */
export function useSetAsideSignOnMutation({ userId, kind, documentId }: PanelRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => call(signingEndpoints.setAside, { params: { id: requestId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingKeys.panel(userId, kind, documentId) }),
  });
}
