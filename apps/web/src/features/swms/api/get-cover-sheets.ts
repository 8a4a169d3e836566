import { swmsEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { readThroughCopy } from '../../../lib/offline-copies.ts';
import { swmsKeys } from './swms-keys.ts';

/** GET /api/cover-sheets: the user's cover sheets, newest first. */
export function useCoverSheets(userId: string) {
  return useQuery({
    queryKey: swmsKeys.coverSheetLists(userId),
    queryFn: ({ signal }) =>
      readThroughCopy(userId, 'cover-sheets', () => call(swmsEndpoints.listCoverSheets, {}, { signal })),
  });
}
