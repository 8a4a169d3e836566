import { swmsVerifyEndpoint } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.ts';

/** GET /api/verify/swms/:id/:version: the public check of a printed SWMS (no content). */
export function useSwmsVerification(id: string, version: number) {
  return useQuery({
    queryKey: ['swms-verification', id, version],
    queryFn: ({ signal }) => call(swmsVerifyEndpoint, { params: { id, version: String(version) } }, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}
