import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type CertificatePdfInput, renderCertificatePdf } from '../../platform/pdf/certificate-pdf.ts';
import type { RateLimitRule } from '../../platform/rate-limit/rate-limiter.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import { type CertificateRow, certificatesRepo, type StoredApplicator, type StoredPhoto } from './certificates.repo.ts';
import { ownerRepo } from './owner.repo.ts';

/**
 * SHA-256 over the certificate's content in a fixed order: what the PDF and the share page print,
 * so a paper copy can be checked against the live record. Timestamps of edits are not content.
 */
export function certificateFingerprint(row: CertificateRow): string {
  const applicator = row.applicator as StoredApplicator | null;
  const content = {
    id: row.id,
    certificate_number: row.certificateNumber,
    status: row.status,
    standards: row.standards,
    job_site_address: row.jobSiteAddress,
    installation_date: row.installationDate,
    areas: row.areas,
    materials_used: row.materialsUsed,
    additional_info: row.additionalInfo,
    photos: (row.photos as StoredPhoto[]).map((photo) => [photo.file_id, photo.caption]),
    applicator: applicator && Object.entries(applicator).sort(([a], [b]) => a.localeCompare(b)),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/**
 * Rendering is the heaviest request anyone can make without signing in. A crew scanning one QR
 * code from a shared site IP downloads far fewer; the signed-in owner counts as themselves.
 */
export const PDF_DOWNLOAD_RATE_LIMIT: RateLimitRule = { name: 'pdf', limit: 60, windowSeconds: 60 };

const pdfCacheKey = (row: CertificateRow) => `pdf-cache/${row.userId}/${row.id}.pdf`;

/** Builds certificate PDFs, and caches those of completed certificates until the content changes. */
export class CertificatePdfService {
  /** Renders under way, by certificate and fingerprint: a crew scanning one QR code shares one render. */
  private readonly rendering = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly db: Database,
    private readonly storedFiles: StoredFiles,
    private readonly storage: FileStorage,
    private readonly shareUrl: (certificateId: string) => string,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async pdfFor(row: CertificateRow): Promise<Buffer> {
    const fingerprint = certificateFingerprint(row);
    if (row.status !== 'completed') return this.render(row, fingerprint);
    const key = `${row.id}:${fingerprint}`;
    let pdf = this.rendering.get(key);
    if (!pdf) {
      pdf = this.cachedOrRendered(row, fingerprint).finally(() => this.rendering.delete(key));
      this.rendering.set(key, pdf);
    }
    return pdf;
  }

  private async cachedOrRendered(row: CertificateRow, fingerprint: string): Promise<Buffer> {
    if (row.pdfCachedFingerprint === fingerprint) {
      const cached = await this.storage.read(pdfCacheKey(row)).catch((error) => {
        this.log.warn({ err: error, certificateId: row.id }, 'PDF cache read failed; rendering instead');
        return null;
      });
      if (cached) return cached;
    }
    const pdf = await this.render(row, fingerprint);
    // The cache only saves work: a failure to write it (e.g. a full disk) never fails the download.
    try {
      await this.storage.put(pdfCacheKey(row), pdf);
      await certificatesRepo.setPdfCachedFingerprint(this.db, row.id, fingerprint);
    } catch (error) {
      this.log.warn({ err: error, certificateId: row.id }, 'PDF cache write failed; serving the rendered PDF');
    }
    return pdf;
  }

  private async render(row: CertificateRow, fingerprint: string): Promise<Buffer> {
    return renderCertificatePdf(await this.pdfInput(row, fingerprint));
  }

  async forget(row: Pick<CertificateRow, 'userId' | 'id'>): Promise<void> {
    await this.storage.remove(pdfCacheKey(row as CertificateRow));
  }

  private async pdfInput(row: CertificateRow, fingerprint: string): Promise<CertificatePdfInput> {
    const owner = await ownerRepo.load(this.db, row.userId);
    // A draft has no frozen block yet: it shows the company details as they are now.
    const applicator = (row.applicator as StoredApplicator | null) ?? owner.applicator;
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
      (row.photos as StoredPhoto[]).map(async (photo) => ({
        image: await this.fileBytes(photo.file_id),
        caption: photo.caption,
      })),
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
