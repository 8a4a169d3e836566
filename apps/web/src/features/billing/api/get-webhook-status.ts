import { billingStatusEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

export function useWebhookStatus() {
  return useQuery({
    queryKey: billingKeys.webhookStatus(),
    queryFn: ({ signal }) => call(billingStatusEndpoints.webhookStatus, {}, { signal }),
  });
}
