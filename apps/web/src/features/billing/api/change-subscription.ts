import { type BillingInterval, billingEndpoints, type SubscriptionView } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { planChanged } from './billing-keys.ts';

/**
 * The calls that change the plan and answer the subscription: cancel at period end, re-sync, and
 * test mode's complete, seat change and "end now". Each refreshes everything the plan affects.
 */
const changes = {
  cancel: () => call(billingEndpoints.cancel),
  resync: () => call(billingEndpoints.resync),
  endNow: () => call(billingEndpoints.testEndNow),
} satisfies Record<string, () => Promise<SubscriptionView>>;

export type SubscriptionChange = keyof typeof changes;

/** Test mode's checkout, completed with the interval and extra seats it was begun with. */
export function useCompleteTestCheckoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { interval: BillingInterval; extra_seats: number }) =>
      call(billingEndpoints.testComplete, { body }),
    onSuccess: () => planChanged(queryClient),
  });
}

/** Test mode's counterpart of the portal's quantity change: the extra seats from now on. */
export function useChangeTestSeatsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (extraSeats: number) => call(billingEndpoints.testSeats, { body: { extra_seats: extraSeats } }),
    onSuccess: () => planChanged(queryClient),
  });
}

export function useChangeSubscriptionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SubscriptionChange) => changes[change](),
    onSuccess: () => planChanged(queryClient),
  });
}
