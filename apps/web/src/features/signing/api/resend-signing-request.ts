import { signingEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type PanelRef, signingKeys } from './signing-keys.ts';

/** Emails a signer's link again, with a fresh expiry. */
export function useResendSigningRequestMutation({ userId, kind, documentId }: PanelRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) => call(signingEndpoints.resend, { params: { id: requestId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingKeys.panel(userId, kind, documentId) }),
  });
}
