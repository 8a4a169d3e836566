import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { toast } from '../components/ui/notifications/index.ts';
import { onAuthStateChange } from '../lib/auth/auth-store.ts';
import { createQueryClient } from '../lib/query-client.ts';
import type { LoginRedirectState } from './layout/RequireAuth.tsx';
import { createAppRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);

  useEffect(
    () =>
      onAuthStateChange((change) => {
        if (change.event !== 'SIGNED_OUT') return;
        // Nothing fetched for one user may outlive their session (PRODUCT.md, States: the profile is cleared).
        queryClient.removeQueries();
        if (!change.expired && !change.removed) return;
        // A removed member reads why on the sign-in page; a toast would say less, and go.
        if (change.expired) {
          toast({
            title: 'Session expired',
            description: 'Your session has ended. Please sign in again to continue.',
            variant: 'destructive',
          });
        }
        const { pathname, search, hash } = router.state.location;
        // A guarded page sends the user to /login itself (RequireAuth); this is for the other pages.
        if (pathname === '/login') return;
        const state: LoginRedirectState = change.removed
          ? { from: '/', removed: change.removed }
          : { from: `${pathname}${search}${hash}`, expired: true };
        void router.navigate('/login', { replace: true, state });
      }),
    [queryClient, router],
  );

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
            loadProfile: () => profileOrFirstFailure(queryClient, userId),
          }),
        // Could not load the code (offline): the user carries on where they are, signed in.
        () => undefined,
      );
    });
    return () => {
      pendingCheck?.abort();
      stopListening();
    };
  }, [queryClient, router]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
