import { type SignableDocumentKind, signingEndpoints } from '@app/contract';
import { callFile } from '../../../lib/api-client.ts';

/** The site board: the live crew QR code on an A4 poster, fetched for one download (not cached, ADR 0012). */
export function fetchSiteBoard(kind: SignableDocumentKind, documentId: string) {
  return callFile(signingEndpoints.siteBoard, { params: { kind, id: documentId } });
}
