import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../components/ui/notifications/index.ts';
import { onAuthStateChange } from '../lib/auth/auth-store.ts';
import type { LoginRedirectState } from './layout/RequireAuth.tsx';

/**
 * When a signed-in session ends: nothing fetched for the user outlives it (PRODUCT.md, States: the
 * profile is cleared); one the server ended says so and goes to /login from any page (a guarded page
 * sends the user there itself, RequireAuth), where a member removed from the business reads why.
 * Only a signed-in session can end, so this is mounted with the members' header (MemberActions),
 * loaded on demand, and not in the script every public page loads (PRODUCT.md, Budgets).
 */
export function useSessionEnd(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      onAuthStateChange((change) => {
        if (change.event !== 'SIGNED_OUT') return;
        queryClient.removeQueries();
        if (!change.expired && !change.removed) return;
        if (change.expired) {
          toast({
            title: 'Session expired',
            description: 'Your session has ended. Please sign in again to continue.',
            variant: 'destructive',
          });
        }
        const { pathname, search, hash } = window.location;
        if (pathname === '/login') return;
        const state: LoginRedirectState = { from: `${pathname}${search}${hash}`, expired: change.expired };
        void navigate('/login', { replace: true, state });
      }),
    [queryClient, navigate],
  );
}
