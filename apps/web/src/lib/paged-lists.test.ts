import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { LIST_PAGE_SIZE, loadedItems, pagedListOptions } from './paged-lists.ts';

/** A list as the API pages it: rows after the cursor (here, the last row's index), and the next cursor. */
function pagesOf(rows: string[]) {
  const asked: Array<string | undefined> = [];
  const read = async (cursor: string | undefined) => {
    asked.push(cursor);
    const from = cursor === undefined ? 0 : Number(cursor) + 1;
    const items = rows.slice(from, from + LIST_PAGE_SIZE);
    const last = from + items.length - 1;
    return { items, next_cursor: last < rows.length - 1 ? String(last) : null };
  };
  return { read, asked };
}

describe('pagedListOptions', () => {
  it('pages through a list by its cursors until the last page, every row once and in order', async () => {
    const rows = Array.from({ length: 2 * LIST_PAGE_SIZE + 1 }, (_, index) => `row ${index}`);
    const { read, asked } = pagesOf(rows);
    const observer = new InfiniteQueryObserver(new QueryClient(), pagedListOptions(['rows'], read));
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await observer.refetch();
      let result = observer.getCurrentResult();
      expect(loadedItems(result.data)).toEqual(rows.slice(0, LIST_PAGE_SIZE));
      while (result.hasNextPage) result = await observer.fetchNextPage();
      expect(loadedItems(result.data)).toEqual(rows);
      expect(asked).toEqual([undefined, String(LIST_PAGE_SIZE - 1), String(2 * LIST_PAGE_SIZE - 1)]);
    } finally {
      unsubscribe();
    }
  });

  it('has no next page when the first answers a null cursor', async () => {
    const { read } = pagesOf(['only row']);
    const observer = new InfiniteQueryObserver(new QueryClient(), pagedListOptions(['one'], read));
    const unsubscribe = observer.subscribe(() => undefined);
    try {
      await observer.refetch();
      const result = observer.getCurrentResult();
      expect(result.hasNextPage).toBe(false);
      expect(loadedItems(result.data)).toEqual(['only row']);
    } finally {
      unsubscribe();
    }
  });

  it('reads nothing loaded as nothing', () => {
    expect(loadedItems(undefined)).toBeUndefined();
  });
});
