import { type InfiniteData, infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/** How many rows a list page of the app asks for at a time ("Load more" asks for the next as many). */
export const LIST_PAGE_SIZE = 20;

/** What every list of the API answers: a page of rows and the next page's cursor, null on the last (ADR 0054). */
export type ListPage<Item> = { items: Item[]; next_cursor: string | null };

/**
 * The infinite query of one list, page after page: `read` fetches the page after `cursor`
 * (undefined for the first). The list's key stays the caller's, so its invalidations still reach it.
 */
export function pagedListOptions<Page extends ListPage<unknown>, Key extends QueryKey>(
  queryKey: Key,
  read: (cursor: string | undefined, signal: AbortSignal) => Promise<Page>,
) {
  return infiniteQueryOptions<Page, Error, InfiniteData<Page, string | undefined>, Key, string | undefined>({
    queryKey,
    queryFn: ({ pageParam, signal }) => read(pageParam, signal),
    initialPageParam: undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** Every row loaded so far, in the order the pages came. */
export const loadedItems = <Item>(data: InfiniteData<ListPage<Item>, unknown> | undefined): Item[] | undefined =>
  data?.pages.flatMap((page) => page.items);
