import { adminEndpoints } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

/** A page of contact messages, newest first, from `cursor` (the first page without). */
export function useContactMessages(userId: string, cursor: string | undefined) {
  return useQuery({
    queryKey: adminKeys.contactMessages(userId, cursor),
    queryFn: ({ signal }) => call(adminEndpoints.contactMessages, { query: { cursor } }, { signal }),
    placeholderData: keepPreviousData,
  });
}
