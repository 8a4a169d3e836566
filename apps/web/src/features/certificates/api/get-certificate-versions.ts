import { type CertificateVersion, certificateEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { certificateKeys } from './query-keys.ts';

/** GET /api/certificates/{id}/versions: the owner's issued versions, oldest first, with their signatures. */
export function useCertificateVersions(userId: string, id: string) {
  return useQuery({
    queryKey: certificateKeys.versions(userId, id),
    queryFn: ({ signal }): Promise<{ items: CertificateVersion[] }> =>
      call(certificateEndpoints.versions, { params: { id } }, { signal }),
  });
}
