import { type SignableDocumentKind, signingEndpoints } from '@app/contract';
import { callFile } from '../../../lib/api-client.ts';

/**
 * The signed PDF of a version, fetched for one download (not cached, ADR 0012): the document and its
 * signature certificate page.
 */
export function fetchSignedPdf(kind: SignableDocumentKind, documentId: string, version: number) {
  return callFile(signingEndpoints.signedPdf, {
    params: { kind, id: documentId },
    query: { version: String(version) },
  });
}
