import { billingEndpoints } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/** Admin only: a signed test event through the real webhook; answers the new status. */
export function useSendWebhookTestEventMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(billingEndpoints.webhookTestEvent),
    onSuccess: (status) => queryClient.setQueryData(billingKeys.webhookStatus(), status),
  });
}
