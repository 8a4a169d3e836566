import { swmsEndpoints } from '@app/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { readThroughCopy } from '../../../lib/offline-copies.ts';
import { LIST_PAGE_SIZE, pagedListOptions } from '../../../lib/paged-lists.ts';
import { swmsKeys } from './swms-keys.ts';

/**
 * GET /api/cover-sheets: the user's cover sheets, newest first, page after page ("Load more").
 * The first page is also kept on the phone for reading offline.
 */
export function useCoverSheets(userId: string) {
  return useInfiniteQuery(
    pagedListOptions(swmsKeys.coverSheetLists(userId), (cursor, signal) => {
      const page = () =>
        call(swmsEndpoints.listCoverSheets, { query: { limit: String(LIST_PAGE_SIZE), cursor } }, { signal });
      return cursor ? page() : readThroughCopy(userId, 'cover-sheet-pages', page);
    }),
  );
}
