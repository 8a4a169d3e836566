import { adminEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** Sign-ups and completed certificates per month, for the chart. */
export function useMonthlyStats(userId: string) {
  return useQuery({
    queryKey: adminKeys.monthlyStats(userId),
    queryFn: ({ signal }) => call(adminEndpoints.monthlyStats, {}, { signal }),
  });
}
