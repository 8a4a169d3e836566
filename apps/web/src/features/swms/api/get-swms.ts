import { swmsEndpoints } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.ts';
import { readThroughCopy } from '../../../lib/offline-copies.ts';
import { swmsKeys } from './swms-keys.ts';

/** GET /api/swms/:id, read once (e.g. after a print, which may have issued the current version). */
export const fetchSwms = (id: string) => call(swmsEndpoints.get, { params: { id } });

const swmsQueryOptions = (userId: string, id: string) =>
  queryOptions({
    queryKey: swmsKeys.detail(userId, id),
    queryFn: ({ signal }) =>
      readThroughCopy(userId, `swms:${id}`, () => call(swmsEndpoints.get, { params: { id } }, { signal })),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    // The editor holds the user's typing; a background refetch must not replace it.
    refetchOnWindowFocus: false,
  });

/** GET /api/swms/:id: the current version, its status and history. */
export const useSwms = (userId: string, id: string) => useQuery(swmsQueryOptions(userId, id));
