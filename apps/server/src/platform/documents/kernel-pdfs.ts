import type { FastifyBaseLogger } from 'fastify';
import type { PdfSealer, SealedVersion } from '../pdf/seal.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { DocumentPdfCache } from './pdf-cache.ts';
import { type CurrentDocument, printsAsDraft } from './versioned-documents.ts';

/**
 * The version a PDF prints, as the seal names it. A kind with its own head table (the certificate)
 * gives this directly; a kernel-table kind gives its current document.
 */
export type PrintedVersion = SealedVersion & {
  /** The document's business: its PDFs are cached under it, and it takes its turn in the PDF pool (ADR 0062). */
  businessId: string;
  /** A draft has no record to check yet: never sealed. */
  draft: boolean;
};

const printedVersionOf = (found: CurrentDocument<unknown> | PrintedVersion): PrintedVersion => {
  if (!('document' in found)) return found;
  const { document, version } = found;
  return {
    kind: document.kind,
    documentId: document.id,
    businessId: document.businessId,
    version: version.version,
    fingerprint: version.fingerprint,
    draft: printsAsDraft(found),
  };
};

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
  sealedUnlessDraft(found: CurrentDocument<unknown> | PrintedVersion, pdf: Buffer): Promise<Buffer> {
    const { draft, businessId, ...sealed } = printedVersionOf(found);
    if (draft) return Promise.resolve(pdf);
    return this.seal.seal(pdf, sealed, { owner: businessId });
  }

  /** The sealed render of `found`, cached under `printed` (the fingerprint of all it prints). */
  cachedSealed(
    found: CurrentDocument<unknown> | PrintedVersion,
    printed: string,
    render: () => Promise<Buffer>,
  ): Promise<Buffer> {
    const version = printedVersionOf(found);
    return this.cache.pdfFor(
      { businessId: version.businessId, documentId: version.documentId, fingerprint: printed },
      async () => this.sealedUnlessDraft(version, await render()),
    );
  }

  /** Drops the cached PDFs of every version of a deleted document. */
  forgetDocument(businessId: string, documentId: string): Promise<void> {
    return this.cache.forgetDocument(businessId, documentId);
  }
}
