import { adminEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

type PremiumChange = { action: 'grant' | 'revoke'; userId: string; reason: string };

function changePremium({ action, userId, reason }: PremiumChange) {
  const endpoint = action === 'grant' ? adminEndpoints.grantPremium : adminEndpoints.revokePremium;
  return call(endpoint, { params: { id: userId }, body: { reason } });
}

/** Grants or revokes complimentary Premium; the user lists are read again. */
export function useChangePremiumMutation(adminId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePremium,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...adminKeys.all(adminId), 'users'] }),
  });
}
