import { billingEndpoints } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** The URL of the billing portal (card, invoices), coming back to `returnTo`. */
export function useOpenPortalMutation() {
  return useMutation({
    mutationFn: (returnTo: string) => call(billingEndpoints.portal, { body: { return_to: returnTo } }),
  });
}
