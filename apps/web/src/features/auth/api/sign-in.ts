import { authStore } from '../../../lib/auth/auth-store.ts';
import { useSendWithoutCache } from '../../../lib/send-without-cache.ts';

/**
 * Signs in with email and password through the auth store, which owns the session (ADR 0012);
 * without the query cache, which the login page does not load (ADR 0097).
 */
export function useSignIn(options: { onSuccess: () => void }) {
  return useSendWithoutCache(
    (credentials: { email: string; password: string }) => authStore.signInWithPassword(credentials),
    options,
  );
}
