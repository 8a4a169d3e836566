import type { InfiniteData } from '@tanstack/react-query';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { type ListPage, loadedItems } from '../../lib/paged-lists.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';
import { ListNotLoaded } from './ListNotLoaded.tsx';
import { Spinner } from './Spinner.tsx';

/** What "Load more" needs of an infinite query (TanStack Query's state). */
type NextPageState = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<{ isError: boolean }>;
};

/** A list query as TanStack Query has it: every item at once, or page by page with "Load more". */
type ListQuery<Item> = { isError: boolean; error: unknown; refetch: () => unknown } & (
  | { data: Item[] | undefined }
  | (NextPageState & { data: InfiniteData<ListPage<Item>, unknown> | undefined })
);

/**
 * A list of the member's own things: not loaded (with Try again), loading, empty, or its rows,
 * with "Load more" under them when it comes page by page. `what` names them, plural: "SWMS" reads
 * "Loading SWMS...".
 */
export function PagedList<Item>({
  list,
  what,
  label,
  empty,
  children,
}: {
  list: ListQuery<Item>;
  what: string;
  /** The list's accessible name, when the heading above it does not give it one. */
  label?: string;
  empty: ReactNode;
  /** The rows, each an `li`. */
  children: (items: Item[]) => ReactNode;
}) {
  const rows = useRef<HTMLUListElement>(null);
  const paged = 'fetchNextPage' in list;
  const items = paged ? loadedItems(list.data) : list.data;
  if (list.isError && !(paged && list.isFetchNextPageError)) {
    return <ListNotLoaded what={what} error={list.error} onRetry={() => void list.refetch()} />;
  }
  if (!items) return <Spinner label={`Loading ${what}...`} />;
  if (items.length === 0) return empty;
  return (
    <>
      <ul ref={rows} className="flex flex-col gap-3" aria-label={label}>
        {children(items)}
      </ul>
      {paged ? <LoadMore list={list} rows={rows} shown={items.length} what={what} /> : null}
    </>
  );
}

/**
 * The "Load more" under a paged list (ADR 0057): it fetches the next page, says so while it loads,
 * then moves the focus to the first row it added, so a keyboard or screen reader user carries on
 * reading where the new rows start (and the focus is not lost as the button goes at the end). A
 * failure keeps the focus on the button, with what to do next. `rows` is the list element, whose
 * children are its rows; `shown` how many it shows; `what` names them ("SWMS", "cover sheets").
 */
export function LoadMore({
  list,
  rows,
  shown,
  what,
}: {
  list: NextPageState;
  rows: RefObject<HTMLElement | null>;
  shown: number;
  what: string;
}) {
  // The index of the first row the page being loaded adds; null when no load awaits its rows.
  const [firstNewRow, setFirstNewRow] = useState<number | null>(null);

  useEffect(() => {
    if (firstNewRow === null || shown <= firstNewRow) return;
    const row = rows.current?.children[firstNewRow];
    if (row instanceof HTMLElement) (row.querySelector<HTMLElement>('a[href], button, input') ?? row).focus();
    setFirstNewRow(null);
  }, [firstNewRow, shown, rows]);

  if (!list.hasNextPage) return null;
  const loadMore = async () => {
    if (list.isFetchingNextPage) return;
    const before = shown;
    const result = await list.fetchNextPage();
    if (!result.isError) setFirstNewRow(before);
  };
  return (
    <div className="flex flex-col items-center gap-3">
      {list.isFetchNextPageError ? (
        <Alert tone="error">
          More {what} could not be loaded. {requestErrorMessage(list.error)} Choose Load more to try again.
        </Alert>
      ) : null}
      {/* aria-disabled, not disabled: a disabled button drops the focus while the page loads. */}
      <Button
        variant="secondary"
        className="aria-disabled:cursor-wait aria-disabled:opacity-70"
        aria-disabled={list.isFetchingNextPage}
        onClick={() => void loadMore()}
      >
        {list.isFetchingNextPage ? 'Loading more...' : 'Load more'}
      </Button>
      <p role="status" className="sr-only">
        {list.isFetchingNextPage ? `Loading more ${what}...` : ''}
      </p>
    </div>
  );
}
