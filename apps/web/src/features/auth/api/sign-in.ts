import { useMutation } from '@tanstack/react-query';
import { authStore } from '../../../lib/auth/auth-store.ts';

/** Signs in with email and password through the auth store, which owns the session (ADR 0012). */
export function useSignInMutation(options: { onSuccess: () => void }) {
  return useMutation({
    mutationFn: (credentials: { email: string; password: string }) => authStore.signInWithPassword(credentials),
    onSuccess: options.onSuccess,
  });
}
