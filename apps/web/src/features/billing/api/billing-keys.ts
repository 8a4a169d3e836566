import type { QueryClient } from '@tanstack/react-query';

/** Per user, so one person's plan is never shown to the next one signing in on this browser. */
export const billingKeys = {
  subscription: (userId: string) => ['billing', userId, 'subscription'] as const,
  seats: (userId: string) => ['billing', userId, 'seats'] as const,
  webhookStatus: () => ['billing', 'webhook-status'] as const,
};

/** The plan changed: everything that shows or depends on it (profile, usage, limits, lists) is read again. */
export function planChanged(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
