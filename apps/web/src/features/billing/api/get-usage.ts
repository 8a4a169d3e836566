import { certificateEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/** Completed certificates this month and the plan's limit, for the subscription page ("3 of 5"). */
export function useUsage(userId: string) {
  return useQuery({
    queryKey: billingKeys.usage(userId),
    queryFn: ({ signal }) => call(certificateEndpoints.usage, {}, { signal }),
  });
}
