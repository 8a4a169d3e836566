import { useSyncExternalStore } from 'react';
import { type AuthState, authStore } from './auth-store.ts';

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getSnapshot);
}
