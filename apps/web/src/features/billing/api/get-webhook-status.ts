import { useQuery } from '@tanstack/react-query';
import { billingKeys } from './billing-keys.ts';
import { readWebhookStatus } from './webhook-status.ts';

export function useWebhookStatus() {
  return useQuery({ queryKey: billingKeys.webhookStatus(), queryFn: ({ signal }) => readWebhookStatus(signal) });
}
