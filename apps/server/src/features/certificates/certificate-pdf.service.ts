import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { DocumentPdfCache } from '../../platform/documents/pdf-cache.ts';
import type { PdfRenderer } from '../../platform/pdf/render-pool.ts';
import type { RateLimitRule } from '../../platform/rate-limit/rate-limiter.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import { certificateFingerprint } from './certificate-fingerprint.ts';
import { type CertificatePdfInput, certificatePdfJob } from './certificate-pdf-layout.ts';
import type { CertificateRow } from './certificates.repo.ts';
import { ownerRepo } from './owner.repo.ts';

/**
 * Rendering is the heaviest request anyone can make without signing in. A crew scanning one QR
 * code from a shared site IP downloads far fewer; the signed-in owner counts as themselves.
 */
export const PDF_DOWNLOAD_RATE_LIMIT: RateLimitRule = { name: 'pdf', limit: 60, windowSeconds: 60 };

const versionOf = (row: CertificateRow) => ({
  ownerId: row.userId,
  documentId: row.id,
  fingerprint: certificateFingerprint(row),
});

/** Builds certificate PDFs, and caches those of completed certificates by content fingerprint. */
export class CertificatePdfService {
  private readonly cache: DocumentPdfCache;

  constructor(
    private readonly db: Database,
    private readonly storedFiles: StoredFiles,
    storage: FileStorage,
    private readonly shareUrl: (certificateId: string) => string,
    private readonly renderer: PdfRenderer,
    log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.cache = new DocumentPdfCache(storage, log);
  }

  async pdfFor(row: CertificateRow): Promise<Buffer> {
    const version = versionOf(row);
    const render = async () =>
      this.renderer.render(certificatePdfJob, await this.pdfInput(row, version.fingerprint), { owner: row.userId });
    // A draft shows the profile as it is now, which its fingerprint does not cover: never cached.
    return row.status === 'completed' ? this.cache.pdfFor(version, render) : render();
  }

  /** Drops the cached PDF of a certificate as it was before an edit or its deletion. */
  async forget(previous: CertificateRow): Promise<void> {
    await this.cache.forget(versionOf(previous));
  }

  private async pdfInput(row: CertificateRow, fingerprint: string): Promise<CertificatePdfInput> {
    const owner = await ownerRepo.load(this.db, row.userId);
    // A draft has no frozen block yet: it shows the company details as they are now.
    const applicator = row.applicator ?? owner.applicator;
    const dateFormat = new Intl.DateTimeFormat('en-AU', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: owner.timeZone,
    });
    const calendarDate = new Intl.DateTimeFormat('en-AU', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const photos = await Promise.all(
      row.photos.map(async (photo) => ({ image: await this.fileBytes(photo.file_id), caption: photo.caption })),
    );
    return {
      certificateNumber: row.certificateNumber,
      issueDate: row.status === 'completed' && row.completedAt ? dateFormat.format(row.completedAt) : null,
      draft: row.status !== 'completed',
      company: {
        name: applicator.company_name,
        address: applicator.company_address,
        phone: applicator.company_phone,
        email: applicator.company_email,
        abn: applicator.company_abn,
        licence: applicator.licence_number,
        applicatorName: applicator.applicator_name,
      },
      logo: applicator.logo_file_id ? await this.fileBytes(applicator.logo_file_id) : null,
      signature: applicator.signature_file_id ? await this.fileBytes(applicator.signature_file_id) : null,
      jobSiteAddress: row.jobSiteAddress,
      installationDate: row.installationDate
        ? calendarDate.format(new Date(`${row.installationDate}T00:00:00Z`))
        : null,
      areas: row.areas,
      standards: row.standards,
      materialsUsed: row.materialsUsed,
      additionalInfo: row.additionalInfo,
      photos: photos.filter((photo): photo is { image: Buffer; caption: string } => photo.image !== null),
      verifyUrl: this.shareUrl(row.id),
      fingerprint,
    };
  }

  /** The print copy of an image (the original for files stored before print copies existed). */
  private async fileBytes(fileId: string): Promise<Buffer | null> {
    const file = await this.storedFiles.findById(fileId);
    return file ? ((await this.storedFiles.readBytes(file, 'print'))?.data ?? null) : null;
  }
}
