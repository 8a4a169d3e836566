import { QueryClientContext } from '@tanstack/react-query';
import { type ReactNode, use, useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { onAuthStateChange } from '../lib/auth/auth-store.ts';
import { useAuth } from '../lib/auth/use-auth.ts';
import { loadQueryClient, useLoadedQueryClient } from '../lib/query-client.ts';
import type { RouteHandle } from './layout/route-handle.ts';
import { type AppRouter, createAppRouter } from './router.tsx';

/**
 * Gives the query client to the pages once it is loaded (ADR 0097). A signed-in user's header,
 * pages and panels all read through it, so for them nothing renders before it is in; the page's
 * own code loads meanwhile rather than after.
 */
function QueryClientOnceLoaded({ router, children }: { router: AppRouter; children: ReactNode }) {
  const queryClient = useLoadedQueryClient();
  const auth = useAuth();
  if (!queryClient && auth.status === 'signed-in') {
    for (const { route } of router.state.matches) (route.handle as RouteHandle | undefined)?.preload();
    use(loadQueryClient());
  }
  return <QueryClientContext value={queryClient}>{children}</QueryClientContext>;
}

export function App() {
  const [router] = useState(createAppRouter);

  // When a session ends, see app/session-end.ts (with the members' header, loaded on demand).

  // A user who has not finished onboarding is taken there after each sign-in.
  useEffect(() => {
    let pendingCheck: AbortController | undefined;
    const stopListening = onAuthStateChange((change) => {
      if (change.event !== 'SIGNED_IN' && change.event !== 'SIGNED_OUT') return;
      pendingCheck?.abort();
      if (change.event === 'SIGNED_OUT') return;
      const check = new AbortController();
      pendingCheck = check;
      const userId = change.session.user.id;
      // Loaded on demand, so the public pages' JavaScript does not carry it.
      void Promise.all([import('./onboarding-redirect.ts'), import('../lib/profile/get-profile.ts')]).then(
        ([{ redirectIfOnboardingUnfinished }, { profileOrFirstFailure }]) =>
          redirectIfOnboardingUnfinished({
            router,
            signal: check.signal,
            loadProfile: async () => profileOrFirstFailure(await loadQueryClient(), userId),
          }),
        // Could not load the code (offline): the user carries on where they are, signed in.
        () => undefined,
      );
    });
    return () => {
      pendingCheck?.abort();
      stopListening();
    };
  }, [router]);

  return (
    <QueryClientOnceLoaded router={router}>
      <RouterProvider router={router} />
    </QueryClientOnceLoaded>
  );
}
