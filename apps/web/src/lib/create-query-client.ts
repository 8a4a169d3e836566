import { QueryClient } from '@tanstack/react-query';

/** PRODUCT.md, Constants: stale time 5 minutes, no refetch on window focus. */
const QUERY_STALE_TIME_MS = 5 * 60 * 1000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: false,
        // With no connection a read still runs once, so it can answer the copy kept on the phone
        // (lib/offline-copies.ts); its retries wait for the connection.
        networkMode: 'offlineFirst',
      },
      // A save with no connection fails at once (NetworkError) instead of waiting, paused, for one:
      // the page then keeps the work on the phone and says so (the outbox, local edits).
      mutations: { networkMode: 'always' },
    },
  });
}
