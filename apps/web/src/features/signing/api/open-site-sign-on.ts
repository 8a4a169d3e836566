import { signingEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type PanelRef, signingKeys } from './signing-keys.ts';

/** The current version's site sign-on QR link (made on first use, taking up to `maxSignOns`). */
export function useOpenSiteSignOnMutation({ userId, kind, documentId }: PanelRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (maxSignOns: number) =>
      call(signingEndpoints.openSiteSignOn, { params: { kind, id: documentId }, body: { max_sign_ons: maxSignOns } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingKeys.panel(userId, kind, documentId) }),
  });
}
