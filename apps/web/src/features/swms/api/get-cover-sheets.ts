import { swmsEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { swmsKeys } from './swms-keys.ts';

/** GET /api/swms/cover-sheets: the user's cover sheets, newest first. */
export function useCoverSheets(userId: string) {
  return useQuery({
    queryKey: swmsKeys.coverSheetLists(userId),
    queryFn: ({ signal }) => call(swmsEndpoints.listCoverSheets, {}, { signal }),
  });
}
