import { swmsEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.ts';
import { readThroughCopy } from '../../../lib/offline-copies.ts';
import { swmsKeys } from './swms-keys.ts';

/** GET /api/cover-sheets/:id, read once (e.g. after a print, which may have issued the current version). */
export const fetchCoverSheet = (id: string) => call(swmsEndpoints.getCoverSheet, { params: { id } });

/** GET /api/cover-sheets/:id. */
export function useCoverSheet(userId: string, id: string) {
  return useQuery({
    queryKey: swmsKeys.coverSheet(userId, id),
    queryFn: ({ signal }) =>
      readThroughCopy(userId, `cover-sheet:${id}`, () =>
        call(swmsEndpoints.getCoverSheet, { params: { id } }, { signal }),
      ),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    refetchOnWindowFocus: false,
  });
}
