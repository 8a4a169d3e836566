import { signingEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type PanelRef, signingKeys } from './signing-keys.ts';

/** Revokes a signer's link: it can no longer sign. */
export function useRevokeSigningRequestMutation({ userId, kind, documentId }: PanelRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => call(signingEndpoints.revoke, { params: { id: requestId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingKeys.panel(userId, kind, documentId) }),
  });
}
