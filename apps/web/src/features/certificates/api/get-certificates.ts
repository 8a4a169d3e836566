import type { CertificateListResponse, WritableCertificateStatus } from '@app/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { certificateKeys } from './certificate-keys.ts';

const CERTIFICATES_PAGE_SIZE = 20;

export type CertificateListFilters = { status?: WritableCertificateStatus | undefined; q?: string | undefined };

/** GET /api/certificates: one page of the signed-in user's certificates, newest first. */
export function fetchCertificatePage(
  filters: CertificateListFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CertificateListResponse> {
  const params = new URLSearchParams({ limit: String(CERTIFICATES_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  if (filters.status) params.set('status', filters.status);
  if (filters.q) params.set('q', filters.q);
  return apiRequest(`/api/certificates?${params}`, { signal });
}

export const certificatesQueryOptions = (userId: string, filters: CertificateListFilters) =>
  infiniteQueryOptions({
    queryKey: [...certificateKeys.lists(userId), filters],
    queryFn: ({ pageParam, signal }) => fetchCertificatePage(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });

export function useCertificates(userId: string, filters: CertificateListFilters) {
  return useInfiniteQuery(certificatesQueryOptions(userId, filters));
}
