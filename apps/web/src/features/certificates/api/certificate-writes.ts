import { type Certificate, certificateMessages } from '@app/contract';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { cacheCertificate, uncacheCertificate } from '../certificate-cache.ts';
import { certificateKeys, fetchMonthlyUsage } from './certificates-api.ts';

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

/**
 * The early monthly-limit check before completing (PRODUCT.md, Plans): it throws the same error the server
 * would, so the user hears about it before waiting for a save. It fails open: if the usage cannot
 * be read, the save goes ahead and the server decides.
 */
export async function assertUnderMonthlyLimit(): Promise<void> {
  const usage = await fetchMonthlyUsage().catch(() => undefined);
  if (usage && usage.limit !== null && usage.completed >= usage.limit) {
    throw new ApiError(403, 'monthly_limit_reached', certificateMessages.monthlyLimit);
  }
}
