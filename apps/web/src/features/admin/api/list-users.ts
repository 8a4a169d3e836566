import { adminEndpoints } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** A page of users matching `q` (email or company), newest first, from `cursor` (the first page without). */
export function useAdminUsers(userId: string, q: string, cursor: string | undefined) {
  return useQuery({
    queryKey: adminKeys.users(userId, q, cursor),
    queryFn: ({ signal }) => call(adminEndpoints.users, { query: { ...(q && { q }), cursor } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
