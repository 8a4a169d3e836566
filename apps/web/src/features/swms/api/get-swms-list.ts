import { type SwmsStatus, swmsEndpoints } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { readThroughCopy } from '../../../lib/offline-copies.ts';
import { swmsKeys } from './swms-keys.ts';

export type SwmsListFilters = { q?: string | undefined; status?: SwmsStatus | undefined; templates?: boolean };

/** GET /api/swms: the user's SWMS, newest first. */
const swmsListQueryOptions = (userId: string, filters: SwmsListFilters) =>
  queryOptions({
    queryKey: [...swmsKeys.lists(userId), filters],
    queryFn: ({ signal }) =>
      readThroughCopy(userId, `swms-list:${JSON.stringify(filters)}`, () =>
        call(
          swmsEndpoints.list,
          {
            query: {
              q: filters.q,
              status: filters.status,
              templates: filters.templates === undefined ? undefined : filters.templates ? 'true' : 'false',
            },
          },
          { signal },
        ),
      ),
  });

export const useSwmsList = (userId: string, filters: SwmsListFilters) =>
  useQuery(swmsListQueryOptions(userId, filters));
