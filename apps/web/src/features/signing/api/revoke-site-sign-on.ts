import { signingEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type PanelRef, signingKeys } from './signing-keys.ts';

/** Withdraws the document's site sign-on QR code. */
export function useRevokeSiteSignOnMutation({ userId, kind, documentId }: PanelRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(signingEndpoints.revokeSiteSignOn, { params: { kind, id: documentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingKeys.panel(userId, kind, documentId) }),
  });
}
