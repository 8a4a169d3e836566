import { adminEndpoints } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** A page of contact messages, newest first. */
export function useContactMessages(userId: string, page: number) {
  return useQuery({
    queryKey: adminKeys.contactMessages(userId, page),
    queryFn: ({ signal }) => call(adminEndpoints.contactMessages, { query: { page: String(page) } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
