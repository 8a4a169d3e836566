import type { DocumentKind, DocumentVerification } from '@app/contract';

/**
 * What a document kind gives the public verification page: its answer for one version,
 * or null when there is no such version. Each kind implements it in its own feature; app.ts hands
 * the list to the verification feature, which never imports a document feature.
 */
export interface VerifiableKind {
  readonly kind: DocumentKind;
  verify(documentId: string, version: number): Promise<DocumentVerification | null>;
}
