import { type BillingInterval, billingEndpoints } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** The URL of the checkout page (Stripe's, or test mode's in-app page); the page goes there. */
export function useStartCheckoutMutation() {
  return useMutation({
    mutationFn: (input: { interval: BillingInterval; extraSeats: number; returnTo: string }) =>
      call(billingEndpoints.checkout, {
        body: { interval: input.interval, extra_seats: input.extraSeats, return_to: input.returnTo },
      }),
  });
}
