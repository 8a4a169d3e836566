import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * The query cache is loaded on demand, not with the entry chunk every page pays for (ADR 0097):
 * a visitor's budgeted public pages read and send without it (PRODUCT.md, Budgets). It loads for a
 * signed-in user (app/App.tsx) and before any other page (lib/routing.ts), and stays once loaded.
 */
let loadedClient: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./create-query-client.ts').then(
    ({ createQueryClient }) => {
      const client = createQueryClient();
      // What QueryClientProvider would do: refetch and resume saves when the connection returns.
      client.mount();
      loadedClient = client;
      for (const listener of listeners) listener();
      return client;
    },
    (error: unknown) => {
      // Could not load the code (offline): the next page or sign-in asks again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The query client once loaded, else undefined. */
export function useLoadedQueryClient(): QueryClient | undefined {
  return useSyncExternalStore(subscribe, () => loadedClient);
}
