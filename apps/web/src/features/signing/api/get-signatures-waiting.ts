import { signingEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { signingKeys } from './signing-keys.ts';

/**
 * The signatures the user is waiting for, across documents. Signers answer from elsewhere, so each
 * visit to the dashboard asks again (the cached list shows meanwhile).
 */
export function useSignaturesWaiting(userId: string) {
  return useQuery({
    queryKey: signingKeys.waiting(userId),
    queryFn: ({ signal }) => call(signingEndpoints.waiting, {}, { signal }),
    refetchOnMount: 'always',
  });
}
