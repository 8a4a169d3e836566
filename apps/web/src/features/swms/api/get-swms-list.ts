import { type SwmsStatus, swmsEndpoints } from '@app/contract';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { readThroughCopy } from '../../../lib/offline-copies.ts';
import { LIST_PAGE_SIZE, pagedListOptions } from '../../../lib/paged-lists.ts';
import { swmsKeys } from './swms-keys.ts';

export type SwmsListFilters = { q?: string | undefined; status?: SwmsStatus | undefined; templates?: boolean };

/** GET /api/swms: a page of the user's SWMS, newest first (the server's page size unless `limit`). */
const fetchSwmsPage = (filters: SwmsListFilters, page: { limit?: string; cursor?: string }, signal: AbortSignal) =>
  call(
    swmsEndpoints.list,
    {
      query: {
        q: filters.q,
        status: filters.status,
        templates: filters.templates === undefined ? undefined : filters.templates ? 'true' : 'false',
        ...page,
      },
    },
    { signal },
  );

/** The first page only: for choosing a SWMS (a template to start from, one to attach). */
const swmsListQueryOptions = (userId: string, filters: SwmsListFilters) =>
  queryOptions({
    queryKey: [...swmsKeys.lists(userId), filters],
    queryFn: ({ signal }) =>
      readThroughCopy(userId, `swms-list:${JSON.stringify(filters)}`, () => fetchSwmsPage(filters, {}, signal)),
  });

export const useSwmsList = (userId: string, filters: SwmsListFilters) =>
  useQuery(swmsListQueryOptions(userId, filters));

/**
 * The list page's SWMS, page after page ("Load more"). The first page is also kept on the phone
 * for reading offline; the ones after it are not.
 */
export const useSwmsPages = (userId: string, filters: SwmsListFilters) =>
  useInfiniteQuery(
    pagedListOptions([...swmsKeys.lists(userId), 'pages', filters], (cursor, signal) =>
      cursor
        ? fetchSwmsPage(filters, { limit: String(LIST_PAGE_SIZE), cursor }, signal)
        : readThroughCopy(userId, `swms-pages:${JSON.stringify(filters)}`, () =>
            fetchSwmsPage(filters, { limit: String(LIST_PAGE_SIZE) }, signal),
          ),
    ),
  );
