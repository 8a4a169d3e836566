import {
  type Certificate,
  type CertificateListResponse,
  type CertificateState,
  type CertificateVersion,
  type DocumentVerification,
  FREE_MONTHLY_COMPLETED_LIMIT,
  type MadeByFilter,
  type MonthlyUsage,
  monthKey,
} from '@app/contract';
import type { Database } from '../../db/client.ts';
import { versionSignatures, versionVerification } from '../../platform/documents/versions.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { PdfFile } from '../../platform/http/file-reply.ts';
import { decodeCursor, keysetPage } from '../../platform/http/list-cursor.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import { contentOf } from './certificate-content.ts';
import { certificateErrors as errors } from './certificate-errors.ts';
import type { CertificatePdfService } from './certificate-pdf.service.ts';
import { presentCertificate, type ShownCertificate } from './certificate-presenter.ts';
import { certificateRecord, issuedVersion, issuedVersions, latestIssuedVersion } from './certificate-versions.ts';
import { certificatesRepo } from './certificates.repo.ts';
import { ownerRepo } from './owner.repo.ts';

/**
 * Reading certificates: one version as the share page and its PDF show it, the owner's versions
 * and list, the month's usage, and the public verification's answer (ADR 0025).
 */
export class CertificateReads {
  constructor(
    private readonly db: Database,
    private readonly storedFiles: StoredFiles,
    private readonly pdfs: CertificatePdfService,
    private readonly now: () => Date,
  ) {}

  /**
   * Its business's members see any of its certificates; anyone else only an issued version (the
   * share link), the current one unless `version` names another. Another business's drafts and
   * unknown ids both answer 'Certificate not found'.
   */
  async get(caller: AuthenticatedCaller | undefined, id: string, version?: number): Promise<Certificate> {
    const shown = await this.findReadable(caller, id, version);
    return presentCertificate({ db: this.db, storedFiles: this.storedFiles }, shown);
  }

  /**
   * The A4 PDF of a version, under the same rule as the share page. A draft prints as a draft: a
   * watermark, and no signature or QR code.
   */
  async pdf(caller: AuthenticatedCaller | undefined, id: string, version?: number): Promise<PdfFile> {
    const { head, content } = await this.findReadable(caller, id, version);
    const number = content.certificate_number ?? 'draft-certificate';
    return {
      bytes: await this.pdfs.pdfFor(head, content),
      filename: content.version > 1 ? `${number}-v${content.version}.pdf` : `${number}.pdf`,
    };
  }

  /** The business's issued versions, oldest first, with who signed each. */
  async versions(caller: AuthenticatedCaller, id: string): Promise<{ items: CertificateVersion[] }> {
    const head = await certificatesRepo.findOwned(this.db, caller.businessId, id);
    if (!head) throw errors.notFound();
    const versions = await issuedVersions(this.db, head);
    const newest = versions.at(-1)?.content.version;
    const items = await Promise.all(
      versions.map(async ({ content, fingerprint, issuedAt }) => ({
        version: content.version,
        issued_at: issuedAt.toISOString(),
        amendment_reason: content.amendment_reason,
        fingerprint,
        current: content.version === newest,
        signatures: (
          await versionSignatures(this.db, { kind: 'certificate', documentId: id, version: content.version })
        ).map((signature) => ({
          name: signature.signerName,
          company: signature.signerCompany,
          signed_at: signature.signedAt.toISOString(),
        })),
      })),
    );
    return { items };
  }

  /**
   * The public verification page's answer for one version (null: no such certificate or version):
   * what the paper shows, the verdict and how many signed, never the content. `id` is a UUID (the route checks).
   */
  async verify(id: string, version: number): Promise<DocumentVerification | null> {
    const head = await certificatesRepo.find(this.db, id);
    if (!head) return null;
    const issued = await issuedVersion(this.db, head, version);
    if (!issued && version !== head.version) return null;
    return versionVerification(
      this.db,
      id,
      {
        kind: 'certificate',
        number: issued?.content.certificate_number ?? '',
        version,
        // A version not issued has no fingerprint anyone could hold on paper.
        fingerprint: issued?.fingerprint ?? '',
        business_name: issued?.content.applicator?.company_name ?? '',
        version_date: (issued?.issuedAt ?? head.updatedAt).toISOString(),
      },
      await certificateRecord(this.db, head, issued),
    );
  }

  /** The version a caller asked for, if they may read it. */
  private async findReadable(
    caller: AuthenticatedCaller | undefined,
    id: string,
    version: number | undefined,
  ): Promise<ShownCertificate> {
    const own = caller ? await certificatesRepo.findOwned(this.db, caller.businessId, id) : undefined;
    if (own && (version === undefined || version === own.version)) {
      const content = contentOf(own);
      const issued = own.status === 'completed' ? await issuedVersion(this.db, own, own.version) : null;
      return { head: own, content, issued, isOwner: true };
    }
    const head = own ?? (await certificatesRepo.find(this.db, id));
    if (!head) throw errors.notFound();
    const issued =
      version === undefined ? await latestIssuedVersion(this.db, head) : await issuedVersion(this.db, head, version);
    if (!issued) throw errors.notFound();
    return { head, content: issued.content, issued, isOwner: own !== undefined };
  }

  async list(
    caller: AuthenticatedCaller,
    query: {
      limit: number;
      cursor?: string | undefined;
      status?: CertificateState | undefined;
      q?: string | undefined;
      made_by?: MadeByFilter;
    },
  ): Promise<CertificateListResponse> {
    const rows = await certificatesRepo.list(this.db, caller.businessId, {
      limit: query.limit + 1,
      after: decodeCursor(query.cursor),
      status: query.status,
      search: query.q || undefined,
      makerId: query.made_by === 'me' ? caller.userId : undefined,
    });
    const page = keysetPage.of(rows, query.limit, (row) => ({ createdAt: row.cursor, id: row.id }));
    const thumbnailUrl = await this.storedFiles.urlSigner('thumbnail');
    // Signed onto the rows themselves, not copied into new objects: the serializer leaves the cursor
    // and the photo id out (ADR 0101).
    for (const row of page.rows) row.thumbnail_url = thumbnailUrl(row.first_photo_id);
    return { items: page.rows, next_cursor: page.next_cursor };
  }

  /** The business's completed certificates this month and the limit, for the client's early (fail-open) check. */
  async usage(caller: AuthenticatedCaller): Promise<MonthlyUsage> {
    const owner = await ownerRepo.load(this.db, caller.userId, this.now());
    const month = monthKey(this.now(), owner.timeZone);
    return {
      month,
      completed: await certificatesRepo.monthlyCount(this.db, caller.businessId, month),
      limit: owner.premium ? null : FREE_MONTHLY_COMPLETED_LIMIT,
    };
  }
}
