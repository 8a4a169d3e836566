import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { onAuthStateChange } from '../lib/auth/auth-store.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { createAppRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
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
