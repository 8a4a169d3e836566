import { bundleEndpoints } from '@app/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** POST /api/bundles: the feature is disabled, so this always fails with the server's message. */
export function useCreateBundleMutation() {
  return useMutation({ mutationFn: () => call(bundleEndpoints.create) });
}
