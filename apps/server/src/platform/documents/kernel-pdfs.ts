import type { FastifyBaseLogger } from 'fastify';
import type { PdfSealer } from '../pdf/seal.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { DocumentPdfCache } from './pdf-cache.ts';
import { type CurrentDocument, printsAsDraft } from './versioned-documents.ts';

/**
 * The kernel's one PDF pipeline for every kind: the kind renders in the PDF pool, the kernel seals
 * what is issued (a draft is never sealed, ADR 0041), caches it by the fingerprint of everything
 * printed on it, and forgets a deleted document's PDFs.
 */
export class KernelPdfs {
  private readonly cache: DocumentPdfCache;

  constructor(
    private readonly seal: PdfSealer,
    storage: FileStorage,
    log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.cache = new DocumentPdfCache(storage, log);
  }

  /** The rendered PDF, sealed with the version's record unless it prints as a draft. */
  sealedUnlessDraft(found: CurrentDocument<unknown>, pdf: Buffer): Promise<Buffer> {
    if (printsAsDraft(found)) return Promise.resolve(pdf);
    const { document, version } = found;
    return this.seal.seal(
      pdf,
      { kind: document.kind, documentId: document.id, version: version.version, fingerprint: version.fingerprint },
      { owner: document.userId },
    );
  }

  /** The sealed render of `found`, cached under `printed` (the fingerprint of all it prints). */
  cachedSealed(found: CurrentDocument<unknown>, printed: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const { document } = found;
    return this.cache.pdfFor({ ownerId: document.userId, documentId: document.id, fingerprint: printed }, async () =>
      this.sealedUnlessDraft(found, await render()),
    );
  }

  /** Drops the cached PDFs of every version of a deleted document. */
  forgetDocument(ownerId: string, documentId: string): Promise<void> {
    return this.cache.forgetDocument(ownerId, documentId);
  }
}
