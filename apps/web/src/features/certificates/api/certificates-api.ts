import type {
  Certificate,
  CertificateListResponse,
  CreateCertificateRequest,
  MonthlyUsage,
  UpdateCertificateRequest,
  WritableCertificateStatus,
} from '@app/contract';
import { apiFile, apiRequest, publicFile, publicRequest } from '../../../lib/api-client.ts';

const CERTIFICATES_PAGE_SIZE = 20;

export type CertificateListFilters = { status?: WritableCertificateStatus | undefined; q?: string | undefined };

/**
 * Query keys: everything under ['certificates', viewer], where the viewer is the signed-in user's
 * id or 'visitor', so nothing fetched for one person is shown to the next.
 */
export const certificateKeys = {
  lists: (userId: string) => ['certificates', userId, 'list'] as const,
  list: (userId: string, filters: CertificateListFilters) => ['certificates', userId, 'list', filters] as const,
  detail: (viewer: string, id: string) => ['certificates', viewer, 'detail', id] as const,
  usage: (userId: string) => ['certificates', userId, 'usage'] as const,
};

const certificatePath = (id: string) => `/api/certificates/${encodeURIComponent(id)}`;

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

/** The share link's data: the signed-in owner also gets their drafts; anyone else a completed one only. */
export function fetchCertificate(id: string, signedIn: boolean, signal?: AbortSignal): Promise<Certificate> {
  return signedIn ? apiRequest(certificatePath(id), { signal }) : publicRequest(certificatePath(id), { signal });
}

export function fetchMonthlyUsage(): Promise<MonthlyUsage> {
  return apiRequest('/api/certificates/usage');
}

export function createCertificate(body: CreateCertificateRequest): Promise<Certificate> {
  return apiRequest('/api/certificates', { method: 'POST', body });
}

export function updateCertificate(id: string, body: UpdateCertificateRequest): Promise<Certificate> {
  return apiRequest(certificatePath(id), { method: 'PATCH', body });
}

export async function deleteCertificate(id: string): Promise<void> {
  await apiRequest(certificatePath(id), { method: 'DELETE' });
}

/** The certificate's PDF; the owner asks with their token so a draft can be downloaded too. */
export function fetchCertificatePdf(id: string, signedIn: boolean, signal?: AbortSignal) {
  const path = `/api/certificates/${encodeURIComponent(id)}/pdf`;
  return signedIn ? apiFile(path, signal) : publicFile(path, { signal });
}
