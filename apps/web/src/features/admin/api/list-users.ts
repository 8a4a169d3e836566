import { adminEndpoints } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** A page of users matching `q` (email or company), newest first. */
export function useAdminUsers(userId: string, q: string, page: number) {
  return useQuery({
    queryKey: adminKeys.users(userId, q, page),
    queryFn: ({ signal }) => call(adminEndpoints.users, { query: { ...(q && { q }), page: String(page) } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
