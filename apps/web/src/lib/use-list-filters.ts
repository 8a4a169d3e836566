import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Typing narrows a list once the user pauses, without a request per key press. */
const SEARCH_DELAY_MS = 300;

/**
 * A list page's search text and status filter, kept in the address (`?q=…&status=…`) so a reload or
 * a shared link shows the same list. `statuses` are the values the status filter accepts.
 */
export function useListFilters<Status extends string>(statuses: readonly Status[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const parseStatus = (value: string | null) => statuses.find((status) => status === value);
  const filters = { q: searchParams.get('q')?.trim() || undefined, status: parseStatus(searchParams.get('status')) };
  const [searchText, setSearchText] = useState(filters.q ?? '');

  const currentQuery = filters.q ?? '';
  useEffect(() => {
    if (searchText.trim() === currentQuery) return;
    const timer = setTimeout(() => {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (searchText.trim()) next.set('q', searchText.trim());
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, currentQuery, setSearchParams]);

  const setStatus = (status: string) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (parseStatus(status)) next.set('status', status);
      else next.delete('status');
      return next;
    });

  return { filters, searchText, setSearchText, setStatus };
}
