import { MAX_PAGE_LIMIT, type MadeByFilter, type SwmsStatus, swmsEndpoints } from '@app/contract';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { readThroughCopy } from '../../../lib/offline-copies.ts';
import { LIST_PAGE_SIZE, pagedListOptions } from '../../../lib/paged-lists.ts';
import { swmsKeys } from './swms-keys.ts';

export type SwmsListFilters = {
  q?: string | undefined;
  status?: SwmsStatus | undefined;
  templates?: boolean;
  made_by?: MadeByFilter;
};

/** GET /api/swms: a page of the user's SWMS, newest first (the server's page size unless `limit`). */
const fetchSwmsPage = (filters: SwmsListFilters, page: { limit?: string; cursor?: string }, signal: AbortSignal) =>
  call(
    swmsEndpoints.list,
    {
      query: {
        q: filters.q,
        status: filters.status,
        templates: filters.templates === undefined ? undefined : filters.templates ? 'true' : 'false',
        made_by: filters.made_by,
        ...page,
      },
    },
    { signal },
  );

/**
 * The user's SWMS templates to start a new SWMS from: the newest MAX_PAGE_LIMIT, one request (a
 * choice longer than that is no longer a choice; `more` says there are others).
 */
export const useSwmsTemplates = (userId: string) =>
  useQuery(
    queryOptions({
      queryKey: [...swmsKeys.lists(userId), 'templates'],
      queryFn: ({ signal }) =>
        readThroughCopy(userId, 'swms-templates', () =>
          fetchSwmsPage({ templates: true }, { limit: String(MAX_PAGE_LIMIT) }, signal),
        ),
      select: (page) => ({ templates: page.items, more: page.next_cursor !== null }),
    }),
  );

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
