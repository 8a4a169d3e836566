import type { Certificate } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import { cacheCertificate, uncacheCertificate } from '../certificate-cache.ts';

/**
 * Query keys: everything under ['certificates', viewer], where the viewer is the signed-in user's
 * id or 'visitor', so nothing fetched for one person is shown to the next.
 */
export const certificateKeys = {
  lists: (userId: string) => ['certificates', userId, 'list'] as const,
  detail: (viewer: string, id: string) => ['certificates', viewer, 'detail', id] as const,
  usage: (userId: string) => ['certificates', userId, 'usage'] as const,
};

/** After a save: the detail page shows the saved certificate at once, and so do the lists. */
export function rememberSavedCertificate(queryClient: QueryClient, userId: string, certificate: Certificate) {
  queryClient.setQueryData(certificateKeys.detail(userId, certificate.id), certificate);
  cacheCertificate(localStorage, userId, certificate);
  refreshListsAndUsage(queryClient, userId);
}

export function forgetDeletedCertificate(queryClient: QueryClient, userId: string, id: string) {
  queryClient.removeQueries({ queryKey: certificateKeys.detail(userId, id) });
  uncacheCertificate(localStorage, userId, id);
  refreshListsAndUsage(queryClient, userId);
}

/** Lists and the monthly count may both have changed (a completed certificate counts). */
function refreshListsAndUsage(queryClient: QueryClient, userId: string) {
  void queryClient.invalidateQueries({ queryKey: certificateKeys.lists(userId) });
  void queryClient.invalidateQueries({ queryKey: certificateKeys.usage(userId) });
}
