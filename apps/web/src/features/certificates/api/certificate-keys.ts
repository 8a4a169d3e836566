import type { Certificate } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import { cacheCertificate, uncacheCertificate } from '../certificate-cache.ts';
import { certificateKeys } from './query-keys.ts';

/** After a save: the detail page shows the saved certificate at once, and so do the lists. */
export function rememberSavedCertificate(queryClient: QueryClient, userId: string, certificate: Certificate) {
  // An amendment adds a version, and the verdicts of the earlier ones change: every read of this
  // certificate (its versions included) goes, and the saved answer is the one kept.
  queryClient.removeQueries({ queryKey: certificateKeys.detail(userId, certificate.id) });
  queryClient.setQueryData(certificateKeys.detail(userId, certificate.id), certificate);
  void queryClient.invalidateQueries({ queryKey: certificateKeys.versions(userId, certificate.id) });
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
