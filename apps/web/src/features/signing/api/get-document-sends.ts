import { documentSendEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type PanelRef, signingKeys } from './signing-keys.ts';

/** Who the document was sent to, and when each first opened their link. */
export function useDocumentSends({ userId, kind, documentId }: PanelRef) {
  return useQuery({
    queryKey: signingKeys.sends(userId, kind, documentId),
    queryFn: ({ signal }) => call(documentSendEndpoints.list, { params: { kind, id: documentId } }, { signal }),
  });
}
