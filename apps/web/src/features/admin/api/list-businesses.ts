import { adminEndpoints } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** A page of businesses, newest first, from `cursor` (the first page without). */
export function useBusinesses(userId: string, cursor: string | undefined) {
  return useQuery({
    queryKey: adminKeys.businesses(userId, cursor),
    queryFn: ({ signal }) => call(adminEndpoints.businesses, { query: { cursor } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
