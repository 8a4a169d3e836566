import { type CertificateListResponse, certificateEndpoints, type WritableCertificateStatus } from '@app/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { certificateKeys } from './query-keys.ts';

const CERTIFICATES_PAGE_SIZE = 20;

export type CertificateListFilters = { status?: WritableCertificateStatus | undefined; q?: string | undefined };

/** GET /api/certificates: one page of the signed-in user's certificates, newest first. */
function fetchCertificatePage(
  filters: CertificateListFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CertificateListResponse> {
  const query = { limit: CERTIFICATES_PAGE_SIZE, cursor, status: filters.status, q: filters.q || undefined };
  return call(certificateEndpoints.list, { query }, { signal });
}

const certificatesQueryOptions = (userId: string, filters: CertificateListFilters) =>
  infiniteQueryOptions({
    queryKey: [...certificateKeys.lists(userId), filters],
    queryFn: ({ pageParam, signal }) => fetchCertificatePage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });

export function useCertificates(userId: string, filters: CertificateListFilters) {
  return useInfiniteQuery(certificatesQueryOptions(userId, filters));
}
