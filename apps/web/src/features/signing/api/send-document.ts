import { documentSendEndpoints, type SendDocumentInput } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type PanelRef, signingKeys } from './signing-keys.ts';

/** Emails the document's current version to someone (a builder): their own link, and the PDF when small enough. */
export function useSendDocumentMutation({ userId, kind, documentId }: PanelRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendDocumentInput) =>
      call(documentSendEndpoints.send, { params: { kind, id: documentId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signingKeys.sends(userId, kind, documentId) }),
  });
}
