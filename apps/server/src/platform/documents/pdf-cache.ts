import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../storage/file-storage.ts';

/** Which rendering of which document: the fingerprint names its content. */
export type DocumentVersion = { businessId: string; documentId: string; fingerprint: string };

/**
 * A finished document's PDF is kept in file storage under a key made from its content fingerprint,
 * so an edited document simply has a new key and a stale PDF can never be served. Nothing is
 * written to the database on a download.
 */
const cacheKey = ({ businessId, documentId, fingerprint }: DocumentVersion) =>
  `${documentCachePrefix(businessId, documentId)}/${fingerprint}${RENDERING}.pdf`;

/**
 * Cached PDFs are PDF/A-2b and tagged (ADR 0051), and sealed (ADR 0041) by a certificate dated right
 * (ADR 0061); those cached before had other suffixes (none, `.sealed`, then `.pdfa.sealed`, whose
 * seal reads as expired), so they are never served again, and are removed with their document or
 * account.
 */
const RENDERING = '.pdfa.v2.sealed';

/**
 * Every cached PDF of one business's documents is stored under this prefix; those cached before
 * businesses owned records are under their owner's user id, and go when the business does.
 */
export const pdfCachePrefix = (businessOrOwnerId: string) => `pdf-cache/${businessOrOwnerId}`;

/** Every cached PDF of one document, whichever version or rendering, is stored under this prefix. */
const documentCachePrefix = (businessId: string, documentId: string) => `${pdfCachePrefix(businessId)}/${documentId}`;

/** Caches rendered PDFs of finished documents, and shares one render among concurrent downloads. */
export class DocumentPdfCache {
  /** Renders under way, by cache key: a crew scanning one QR code shares one render. */
  private readonly rendering = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly storage: FileStorage,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  pdfFor(version: DocumentVersion, render: () => Promise<Buffer>): Promise<Buffer> {
    const key = cacheKey(version);
    let pdf = this.rendering.get(key);
    if (!pdf) {
      pdf = this.cachedOrRendered(key, version, render).finally(() => this.rendering.delete(key));
      this.rendering.set(key, pdf);
    }
    return pdf;
  }

  /**
   * Drops every cached PDF of a document that was deleted. A download racing the delete may still
   * write one back; such a file is never read again (its document is gone) and only takes space
   * until the business goes.
   */
  async forgetDocument(businessId: string, documentId: string): Promise<void> {
    await this.storage.removeAll(documentCachePrefix(businessId, documentId));
  }

  private async cachedOrRendered(key: string, version: DocumentVersion, render: () => Promise<Buffer>) {
    const cached = await this.storage.read(key).catch((error: unknown) => {
      this.log.warn({ err: error, documentId: version.documentId }, 'PDF cache read failed; rendering instead');
      return null;
    });
    if (cached) return cached;
    const pdf = await render();
    // The cache only saves work: a failure to write it (e.g. a full disk) never fails the download.
    await this.storage.put(key, pdf).catch((error: unknown) => {
      this.log.warn({ err: error, documentId: version.documentId }, 'PDF cache write failed; serving the rendered PDF');
    });
    return pdf;
  }
}
