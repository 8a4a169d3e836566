import type { CoverSheetBody, KernelHeadTableKind, SwmsBody } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { sha256Hex } from '../../platform/crypto/tokens.ts';
import { dates } from '../../platform/dates.ts';
import { documentFingerprint } from '../../platform/documents/fingerprint.ts';
import { kernelDocumentsRepo } from '../../platform/documents/kernel-documents.repo.ts';
import { KernelPdfs } from '../../platform/documents/kernel-pdfs.ts';
import { letterheadOf } from '../../platform/documents/letterheads.ts';
import type { RegisterEntry } from '../../platform/documents/signable-source.ts';
import { versionHasSignatures } from '../../platform/documents/signatures.ts';
import { type CurrentDocument, printsAsDraft } from '../../platform/documents/versioned-documents.ts';
import { versionSignatures } from '../../platform/documents/versions.ts';
import type { PdfRenderer } from '../../platform/pdf/render-pool.ts';
import type { PdfSealer } from '../../platform/pdf/seal.ts';
import type { SignatureCertificate } from '../../platform/pdf/signature-certificate.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import { parseCoverSheetBody } from './bodies.ts';
import { type CoverSheetPdfPart, coverSheetPdfJob, type PdfBusiness } from './cover-sheet-pdf-layout.ts';
import { siteBoardPdfJob } from './site-board-layout.ts';
import { swmsPdfJob } from './swms-pdf-layout.ts';

/**
 * Builds SWMS and cover-sheet PDFs. A signed version can no longer change, so its PDF is cached
 * (the kernel's KernelPdfs) under a key made of everything printed on it: the version's
 * fingerprint, its cover sheet, the business details and the sign-on register. A draft is rendered
 * fresh every time, as certificate drafts are, so autosave leaves no cache files behind.
 */
export class SwmsPdfService {
  private readonly pdfs: KernelPdfs;

  constructor(
    private readonly db: Database,
    private readonly storedFiles: StoredFiles,
    storage: FileStorage,
    /** Where a version's QR code leads: the public verification page. */
    private readonly verifyUrl: (kind: KernelHeadTableKind, id: string, version: number) => string,
    private readonly renderer: PdfRenderer,
    seal: PdfSealer,
    log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.pdfs = new KernelPdfs(seal, storage, log);
  }

  /**
   * The PDF of a SWMS version, its sign-on register filled in: from `register` when signing gives
   * it, else with every signature the version has (the owner's plain download lists them too).
   * Given `signatureCertificate`, the signed PDF: its pages after the register, not sealed
   * (signing seals the whole) and not cached.
   */
  async swmsPdf(
    found: CurrentDocument<SwmsBody>,
    options: { register?: RegisterEntry[]; signatureCertificate?: SignatureCertificate },
  ): Promise<Buffer> {
    const { document, version, body } = found;
    const { businessId } = document;
    const [business, coverRow, register] = await Promise.all([
      this.business(found),
      this.coverSheetFor(businessId, document.id),
      options.register ?? this.registerOf(document.id, version.version),
    ]);
    const cover = coverRow
      ? await this.coverPart(
          { document: coverRow.document, version: coverRow.version, body: parseCoverSheetBody(coverRow.version.body) },
          business.timeZone,
        )
      : null;
    const draw = () =>
      this.renderer.render(
        swmsPdfJob,
        {
          business: business.pdf,
          swms: {
            number: document.number,
            version: version.version,
            fingerprint: version.fingerprint,
            date: dates.long(version.createdAt, business.timeZone),
            current: version.version === document.currentVersion,
            body,
          },
          cover,
          verifyUrl: this.verifyUrlOf(found),
          register,
          timeZone: business.timeZone,
          signatureCertificate: options.signatureCertificate ?? null,
        },
        { owner: businessId },
      );
    if (options.signatureCertificate) return draw();
    const signed = await versionHasSignatures(this.db, {
      kind: 'swms',
      documentId: document.id,
      version: version.version,
    });
    if (!signed) return this.pdfs.sealedUnlessDraft(found, await draw());
    // The register is part of what is printed: each new sign-on is a new PDF, and until the next
    // one, every download (a crew scanning the QR code) is served from the cache.
    const printed = documentFingerprint({
      swms: version.fingerprint,
      current: version.version === document.currentVersion,
      cover: cover && { fingerprint: cover.fingerprint, swms: cover.swms, verifyUrl: cover.verifyUrl },
      business: business.key,
      register: register.map((entry) => ({
        name: entry.name,
        company: entry.company,
        role: entry.role,
        signedAt: entry.signedAt.toISOString(),
        signature: entry.signature && sha256Hex(entry.signature),
      })),
    });
    return this.pdfs.cachedSealed(found, printed, draw);
  }

  /** A cover sheet's PDF; given `signatureCertificate`, its signed PDF (not sealed: signing seals it). */
  async coverSheetPdf(
    found: CurrentDocument<CoverSheetBody>,
    options: { signatureCertificate?: SignatureCertificate } = {},
  ): Promise<Buffer> {
    const business = await this.business(found);
    const pdf = await this.renderer.render(
      coverSheetPdfJob,
      {
        business: business.pdf,
        cover: await this.coverPart(found, business.timeZone),
        signatureCertificate: options.signatureCertificate ?? null,
      },
      { owner: found.document.businessId },
    );
    return options.signatureCertificate ? pdf : this.pdfs.sealedUnlessDraft(found, pdf);
  }

  /**
   * The site board of a SWMS version: a poster of `crewUrl`, never cached (the link can be
   * withdrawn). It names the business as the version's paper does (ADR 0088).
   */
  async siteBoardPdf(found: CurrentDocument<SwmsBody>, crewUrl: string): Promise<Buffer> {
    const letterhead = await letterheadOf(this.db, found);
    return this.renderer.render(
      siteBoardPdfJob,
      {
        businessName: letterhead.company_name,
        number: found.document.number,
        title: found.body.title || 'Untitled SWMS',
        site: found.body.work_location,
        crewUrl,
      },
      { owner: found.document.businessId },
    );
  }

  /** The version's sign-on register: every signature that stands, in signing order. */
  private async registerOf(documentId: string, version: number): Promise<RegisterEntry[]> {
    const signatures = await versionSignatures(this.db, { kind: 'swms', documentId, version });
    return Promise.all(
      signatures.map(async (signature) => ({
        name: signature.signerName,
        company: signature.signerCompany,
        role: signature.signerRole,
        signedAt: signature.signedAt,
        signature: signature.signatureFileId ? await this.fileBytes(signature.signatureFileId) : null,
      })),
    );
  }

  /** The business's newest cover sheet whose current version lists this SWMS: the one its PDF prints in front. */
  coverSheetFor(businessId: string, swmsId: string) {
    return kernelDocumentsRepo.newestListing(this.db, businessId, 'cover_sheet', 'swms_ids', swmsId);
  }

  /** Drops the cached PDFs of every version of a SWMS that was deleted. */
  forgetDocument(businessId: string, documentId: string): Promise<void> {
    return this.pdfs.forgetDocument(businessId, documentId);
  }

  private verifyUrlOf(found: CurrentDocument<unknown>): string | null {
    const { document, version } = found;
    return printsAsDraft(found) ? null : this.verifyUrl(document.kind, document.id, version.version);
  }

  /** The SWMS a cover sheet lists, as they are now, in its order (ids no longer there are left out). */
  async linkedSwms(businessId: string, ids: string[]) {
    const rows = await kernelDocumentsRepo.currentOfMany(this.db, businessId, 'swms', ids);
    const byId = new Map(rows.map((row) => [row.document.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      const title = typeof row.body.title === 'string' ? row.body.title : '';
      const responsible = typeof row.body.person_responsible === 'string' ? row.body.person_responsible : '';
      return [
        {
          id,
          number: row.document.number,
          title,
          current_version: row.document.currentVersion,
          person_responsible: responsible,
        },
      ];
    });
  }

  private async coverPart(found: CurrentDocument<CoverSheetBody>, timeZone: string): Promise<CoverSheetPdfPart> {
    const { document, version, body } = found;
    const linked = await this.linkedSwms(document.businessId, body.swms_ids);
    return {
      verifyUrl: this.verifyUrlOf(found),
      number: document.number,
      version: version.version,
      fingerprint: version.fingerprint,
      date: dates.long(version.updatedAt, timeZone),
      current: version.version === document.currentVersion,
      body,
      swms: linked.map((swms) => ({
        number: swms.number,
        title: swms.title,
        version: swms.current_version,
        personResponsible: swms.person_responsible,
      })),
    };
  }

  /**
   * The version's letterhead (ADR 0088): frozen when it was issued; a draft's is its business with
   * its maker as the member who issues it (their name and signature; the owner's once the maker has
   * left), as they are now.
   */
  private async business(found: CurrentDocument<unknown>) {
    const letterhead = await letterheadOf(this.db, found);
    const [logo, signature] = await Promise.all([
      letterhead.logo_file_id ? this.fileBytes(letterhead.logo_file_id) : null,
      letterhead.signature_file_id ? this.fileBytes(letterhead.signature_file_id) : null,
    ]);
    const pdf: PdfBusiness = {
      name: letterhead.company_name,
      abn: letterhead.company_abn,
      address: letterhead.company_address,
      phone: letterhead.company_phone,
      email: letterhead.company_email,
      logo,
      applicatorName: letterhead.applicator_name,
      signature,
      // Absent for one person: their PDFs and cache keys are as before.
      ...(letterhead.issued_by ? { issuedBy: letterhead.issued_by } : {}),
    };
    return {
      pdf,
      timeZone: letterhead.time_zone,
      key: { ...pdf, logo: letterhead.logo_file_id, signature: letterhead.signature_file_id },
    };
  }

  private async fileBytes(fileId: string): Promise<Buffer | null> {
    const file = await this.storedFiles.findById(fileId);
    return file ? ((await this.storedFiles.readBytes(file, 'print'))?.data ?? null) : null;
  }
}
