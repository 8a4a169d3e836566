import type { CoverSheet, Swms } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys: everything under ['swms', userId], so nothing fetched for one person shows for the next. */
export const swmsKeys = {
  lists: (userId: string) => ['swms', userId, 'list'] as const,
  detail: (userId: string, id: string) => ['swms', userId, 'detail', id] as const,
  version: (userId: string, id: string, version: number) => ['swms', userId, 'version', id, version] as const,
  coverSheetLists: (userId: string) => ['swms', userId, 'cover-sheets'] as const,
  coverSheet: (userId: string, id: string) => ['swms', userId, 'cover-sheet', id] as const,
};

/** After a save: the page shows the saved state on return, and the lists refresh. */
export function rememberSavedSwms(queryClient: QueryClient, userId: string, swms: Swms) {
  queryClient.setQueryData(swmsKeys.detail(userId, swms.id), swms);
  void queryClient.invalidateQueries({ queryKey: swmsKeys.lists(userId) });
}

export function rememberSavedCoverSheet(queryClient: QueryClient, userId: string, sheet: CoverSheet) {
  queryClient.setQueryData(swmsKeys.coverSheet(userId, sheet.id), sheet);
  void queryClient.invalidateQueries({ queryKey: swmsKeys.coverSheetLists(userId) });
}
