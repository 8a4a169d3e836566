import { type DocumentVerification, documentVerifyEndpoint } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../../lib/api-client.ts';

export type VerifiableKind = DocumentVerification['kind'];

/** GET /api/verify/{kind}/{id}/{version}: the public check of a printed document version (no content). */
export function useVerification(kind: VerifiableKind, id: string, version: string) {
  return useQuery({
    queryKey: ['verification', kind, id, version],
    queryFn: ({ signal }) => call(documentVerifyEndpoint, { params: { kind, id, version } }, { signal }),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}
