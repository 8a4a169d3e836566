import { signingEndpoints } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type PanelRef, signingKeys } from './signing-keys.ts';

/** A document's signers and their status, for its owner. */
export function useSigningPanel({ userId, kind, documentId }: PanelRef) {
  return useQuery({
    queryKey: signingKeys.panel(userId, kind, documentId),
    queryFn: ({ signal }) => call(signingEndpoints.panel, { params: { kind, id: documentId } }, { signal }),
  });
}
