import { checklistTitle, issuedByLine, photoStages, stateDetailsSection, takenAtText } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { dates } from '../../platform/dates.ts';
import { KernelPdfs } from '../../platform/documents/kernel-pdfs.ts';
import type { PdfRenderer } from '../../platform/pdf/render-pool.ts';
import type { PdfSealer } from '../../platform/pdf/seal.ts';
import type { SignatureCertificate } from '../../platform/pdf/signature-certificate.ts';
import { isolated } from '../../platform/pdf/text-runs.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import { type CertificateContent, certificateFingerprint } from './certificate-content.ts';
import { type CertificatePdfInput, certificatePdfJob, printedChecklist } from './certificate-pdf-layout.ts';
import type { CertificateRow } from './certificates.repo.ts';
import { ownerRepo } from './owner.repo.ts';

/**
 * Whose certificate a PDF prints: its business (cache, turn in the PDF pool, time zone) and its
 * maker, whose name a draft shows (an issued version prints its frozen block).
 */
type PrintedFor = Pick<CertificateRow, 'businessId' | 'userId'>;

/**
 * Builds certificate PDFs: the certificate's layout input, rendered in the pool; the kernel's
 * KernelPdfs seals and caches an issued version by content fingerprint (ADR 0071).
 */
export class CertificatePdfService {
  private readonly pdfs: KernelPdfs;

  constructor(
    private readonly db: Database,
    private readonly storedFiles: StoredFiles,
    storage: FileStorage,
    /** Where one version's QR code leads: its public verification page (ADR 0072). */
    private readonly versionUrl: (certificateId: string, version: number) => string,
    private readonly renderer: PdfRenderer,
    seal: PdfSealer,
    log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.pdfs = new KernelPdfs(seal, storage, log);
  }

  /** The PDF of `content`, a version of `head`'s certificate: its business's, made by its maker. */
  async pdfFor(head: PrintedFor, content: CertificateContent): Promise<Buffer> {
    const fingerprint = certificateFingerprint(content);
    const render = async () =>
      this.renderer.render(certificatePdfJob, await this.pdfInput(head, content, fingerprint), {
        owner: head.businessId,
      });
    // A draft shows the profile as it is now, which its fingerprint does not cover: never cached, and
    // not issued, so never sealed (ADR 0041). An issued version is sealed once, before the cache keeps it.
    if (content.status !== 'completed') return render();
    const printed = {
      kind: 'certificate',
      documentId: content.id,
      businessId: head.businessId,
      version: content.version,
      fingerprint,
      draft: false,
    } as const;
    return this.pdfs.cachedSealed(printed, fingerprint, render);
  }

  /**
   * An issued version's signed PDF: the certificate with `signatureCertificate` drawn after it, in
   * one render; never cached, and not sealed (signing seals the whole).
   */
  async signedPdfFor(head: PrintedFor, content: CertificateContent, signatureCertificate: SignatureCertificate) {
    const input = await this.pdfInput(head, content, certificateFingerprint(content));
    return this.renderer.render(certificatePdfJob, { ...input, signatureCertificate }, { owner: head.businessId });
  }

  /** Drops the cached PDFs of every version of a certificate that was deleted. */
  forgetCertificate(businessId: string, certificateId: string): Promise<void> {
    return this.pdfs.forgetDocument(businessId, certificateId);
  }

  private async pdfInput(head: PrintedFor, row: CertificateContent, fingerprint: string): Promise<CertificatePdfInput> {
    const owner = await ownerRepo.issuer(this.db, head.businessId, head.userId);
    // A draft has no frozen block yet: it shows the company details as they are now.
    const applicator = row.applicator ?? owner.applicator;
    const draft = row.status !== 'completed';
    const checklists = row.checklists ?? [];
    const stageOf = photoStages(checklists);
    const photos = await Promise.all(
      row.photos.map(async (photo) => ({
        stage: stageOf.get(photo.file_id) ?? null,
        image: await this.fileBytes(photo.file_id),
        caption: [photo.caption, photo.taken_at && takenAtText(photo.taken_at)].filter(Boolean).join(' · '),
      })),
    );
    return {
      certificateNumber: row.certificate_number,
      issueDate: !draft && row.completed_at ? dates.long(new Date(row.completed_at), owner.timeZone) : null,
      draft,
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
      // A draft is not signed off: the applicator's signature goes on an issued version only.
      signature: !draft && applicator.signature_file_id ? await this.fileBytes(applicator.signature_file_id) : null,
      issuedBy:
        !draft && applicator.issued_by
          ? issuedByLine(isolated(applicator.issued_by), isolated(applicator.company_name ?? ''))
          : null,
      jobSiteAddress: row.job_site_address,
      installationDate: row.installation_date ? dates.calendar(row.installation_date) : null,
      areas: row.areas,
      standards: row.standards,
      stateDetails: row.state_details
        ? stateDetailsSection(row.state_details, {
            job_site_address: row.job_site_address,
            standards: row.standards,
            checklistTitles: checklists.map(checklistTitle),
            licensee: applicator.applicator_name ?? applicator.company_name,
            licence_number: applicator.licence_number,
          })
        : null,
      materials: row.materials ?? [],
      materialsUsed: row.materials_used,
      additionalInfo: row.additional_info,
      checklists: checklists.map(printedChecklist),
      photoGroups: groupByStage(photos, stageOf),
      verifyUrl: draft ? null : this.versionUrl(row.id, row.version),
      fingerprint,
      amendment:
        row.version > 1 && row.amended_at && !draft
          ? {
              line: `Version ${row.version} — amended ${dates.long(new Date(row.amended_at), owner.timeZone)}`,
              reason: row.amendment_reason,
            }
          : null,
    };
  }

  /** The print copy of an image (the original for files stored before print copies existed). */
  private async fileBytes(fileId: string): Promise<Buffer | null> {
    const file = await this.storedFiles.findById(fileId);
    return file ? ((await this.storedFiles.readBytes(file, 'print'))?.data ?? null) : null;
  }
}

/** Photos by the stage a checklist recorded them at, in the checklists' order, then those no checklist names. */
function groupByStage(
  photos: Array<{ stage: string | null; image: Buffer | null; caption: string }>,
  stageOf: Map<string, string>,
) {
  const stages = [...new Set(stageOf.values()), null];
  return stages.map((stage) => ({
    stage,
    photos: photos.flatMap(({ image, caption, ...photo }) =>
      image && photo.stage === stage ? [{ image, caption }] : [],
    ),
  }));
}
