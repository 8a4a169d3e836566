import { teamEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { billingKeys } from './billing-keys.ts';

/** The business's seats, used and included (ADR 0077): the team's count, shown beside the plan. */
export function useSeats(userId: string) {
  return useQuery({
    queryKey: billingKeys.seats(userId),
    queryFn: async ({ signal }) => (await call(teamEndpoints.get, {}, { signal })).seats,
  });
}
