import { billingEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/** The caller's plan and subscription; `pollMs` keeps reading it (while a payment is being confirmed). */
export function useSubscription(userId: string, options: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: billingKeys.subscription(userId),
    queryFn: ({ signal }) => call(billingEndpoints.subscription, {}, { signal }),
    refetchInterval: options.pollMs ?? false,
  });
}
