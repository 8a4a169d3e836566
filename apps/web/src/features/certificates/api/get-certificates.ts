import {
  type CertificateListResponse,
  type CertificateState,
  certificateEndpoints,
  type MadeByFilter,
} from '@app/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { LIST_PAGE_SIZE, pagedListOptions } from '../../../lib/paged-lists.ts';
import { certificateKeys } from './query-keys.ts';

export type CertificateListFilters = {
  status?: CertificateState | undefined;
  q?: string | undefined;
  made_by?: MadeByFilter;
};

/** GET /api/certificates: one page of the signed-in user's certificates, newest first. */
function fetchCertificatePage(
  filters: CertificateListFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CertificateListResponse> {
  const query = {
    limit: LIST_PAGE_SIZE,
    cursor,
    status: filters.status,
    q: filters.q || undefined,
    made_by: filters.made_by,
  };
  return call(certificateEndpoints.list, { query }, { signal });
}

const certificatesQueryOptions = (userId: string, filters: CertificateListFilters) =>
  pagedListOptions([...certificateKeys.lists(userId), filters], (cursor, signal) =>
    fetchCertificatePage(filters, cursor, signal),
  );

export function useCertificates(userId: string, filters: CertificateListFilters) {
  return useInfiniteQuery(certificatesQueryOptions(userId, filters));
}
