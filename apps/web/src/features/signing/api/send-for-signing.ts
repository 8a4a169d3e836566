import { type SignerInput, signingEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type PanelRef, signingKeys } from './signing-keys.ts';

/** Sends the document's current version to `signers`, each by their own emailed link. */
export function useSendForSigningMutation({ userId, kind, documentId }: PanelRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signers: SignerInput[]) =>
      call(signingEndpoints.send, { params: { kind, id: documentId }, body: { signers } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingKeys.panel(userId, kind, documentId) }),
  });
}
