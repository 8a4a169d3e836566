import { swmsEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { swmsKeys } from './swms-keys.ts';

/** GET /api/swms/:id/versions/:version: an older version as filed, with its signatures. */
export function useSwmsVersion(userId: string, id: string, version: number | null) {
  return useQuery({
    queryKey: swmsKeys.version(userId, id, version ?? 0),
    queryFn: ({ signal }) => call(swmsEndpoints.version, { params: { id, version: String(version ?? 1) } }, { signal }),
    enabled: version !== null,
    // A version with signatures never changes.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
