import {
  CERTIFICATE_DELETED_ELSEWHERE_MESSAGE,
  type Certificate,
  type CertificateChecklist,
  type CertificateListResponse,
  type CertificateVersion,
  CLIENT_ID_TAKEN_MESSAGE,
  certificateMessages,
  checklistFailures,
  type createCertificateRequestSchema,
  DOCUMENT_VERSION_LIMIT,
  type DocumentVerdict,
  type DocumentVerification,
  FREE_MONTHLY_COMPLETED_LIMIT,
  type GalleryPhoto,
  isWorkingDraft,
  MAX_PHOTOS_PER_CERTIFICATE,
  type MonthlyUsage,
  missingForCompletion,
  monthKey,
  STALE_CERTIFICATE_MESSAGE,
  TOO_MANY_PHOTOS_MESSAGE,
  templateItemIds,
  templateOfChecklist,
  type UploadedPhoto,
  type updateCertificateRequestSchema,
  versionLimitMessage,
} from '@app/contract';
import type { z } from 'zod/mini';
import type { Database, Queryable } from '../../db/client.ts';
import { assertIssuer } from '../../platform/accounts/issuer.ts';
import { formatDocumentNumber, nextDocumentNumber } from '../../platform/documents/number-sequences.ts';
import { closeSigning, documentHasSignatures, voidOpenRequestsBefore } from '../../platform/documents/signatures.ts';
import { documentVersionsRepo, verifiedSignatures, versionSignatures } from '../../platform/documents/versions.ts';
import { AppError } from '../../platform/errors.ts';
import type { OutboundEvents } from '../../platform/events/outbound-events.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { PdfFile } from '../../platform/http/file-reply.ts';
import { decodeCursor, keysetPage } from '../../platform/http/list-cursor.ts';
import { retiredIdsRepo } from '../../platform/retired-ids/retired-ids.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import {
  type CertificateContent,
  certificateFingerprint,
  contentOf,
  samePrintedContent,
} from './certificate-content.ts';
import type { CertificatePdfService } from './certificate-pdf.service.ts';
import {
  certificateVerdict,
  type IssuedVersion,
  issuedVersion,
  issuedVersions,
  keepIssuedVersion,
  latestIssuedVersion,
  photosOfKeptVersions,
} from './certificate-versions.ts';
import { type CertificateRow, certificatesRepo } from './certificates.repo.ts';
import type { StoredPhoto } from './certificates.schema.ts';
import { type OwnChecklistTemplates, withTemplateSnapshots } from './checklist-snapshots.ts';
import { type CertificateOwner, ownerRepo } from './owner.repo.ts';

export type CreateCertificateInput = z.output<typeof createCertificateRequestSchema>;
export type UpdateCertificateInput = z.output<typeof updateCertificateRequestSchema>;

const errors = {
  notFound: () => new AppError(404, 'not_found', certificateMessages.notFound),
  premiumUpdate: () => new AppError(403, 'premium_required', certificateMessages.premiumUpdate),
  premiumDelete: () => new AppError(403, 'premium_required', certificateMessages.premiumDelete),
  monthlyLimit: () => new AppError(403, 'monthly_limit_reached', certificateMessages.monthlyLimit),
  stale: () => new AppError(409, 'conflict', STALE_CERTIFICATE_MESSAGE),
  idTaken: () => new AppError(409, 'conflict', CLIENT_ID_TAKEN_MESSAGE),
  deletedElsewhere: () => new AppError(410, 'record_deleted', CERTIFICATE_DELETED_ELSEWHERE_MESSAGE),
  incomplete: (details: Array<{ path: string; message: string }>) =>
    new AppError(400, 'validation_failed', 'Fill in the job details before completing the certificate.', details),
  badPhotos: (message: string) => new AppError(400, 'validation_failed', message, [{ path: 'photos', message }]),
  badChecklist: (message: string) => new AppError(400, 'validation_failed', message, [{ path: 'checklists', message }]),
};

/**
 * Certificate rules (PRODUCT.md, Records–§9, PRODUCT.md, Plans): free-tier limits, premium-only update and delete,
 * and the monthly count kept in the same transaction as every write.
 */
export class CertificatesService {
  constructor(
    private readonly db: Database,
    private readonly storedFiles: StoredFiles,
    private readonly pdfs: CertificatePdfService,
    private readonly now: () => Date,
    private readonly ownTemplates: OwnChecklistTemplates,
    /** Where an issue or an amendment is told (webhooks; ADR 0055). */
    private readonly events: OutboundEvents,
  ) {}

  async create(caller: AuthenticatedCaller, request: CreateCertificateInput): Promise<Certificate> {
    if (request.user_id !== caller.userId) {
      throw new AppError(403, 'user_mismatch', certificateMessages.userMismatch);
    }
    const owner = await ownerRepo.load(this.db, caller.userId, this.now());
    const input = await this.withTemplateCopies(this.db, caller.userId, owner.premium, request, []);
    if (input.status === 'completed') this.assertCompletable(input);
    assertPhotoList(input.photos);
    assertChecklists(input.checklists, input.photos);
    const row = await this.db.transaction(async (tx) => {
      const created = await certificatesRepo.insert(tx, {
        ...(input.id && { id: input.id }),
        userId: caller.userId,
        ...toColumns(input),
        status: input.status,
      });
      if (!created) return this.createdBefore(tx, caller, input.id);
      // Deleted stays deleted (ADR 0032): an id that named a certificate deleted since is not taken again.
      if (input.id) await retiredIdsRepo.refuseIfRetired(tx, caller.userId, input.id);
      await this.attachPhotos(tx, caller.userId, created.id, input.photos);
      return input.status === 'completed' ? this.complete(tx, created, owner) : created;
    });
    return this.presentRow(row);
  }

  /**
   * A create sent again with its client-made id (its first answer was lost): the certificate it
   * made, as it is now; nothing is made or counted twice. One the owner withdrew since is 410 (it
   * stays withdrawn); someone else's id is 409, saying nothing of it.
   */
  private async createdBefore(tx: Queryable, caller: AuthenticatedCaller, id: string | undefined) {
    const existing = id && (await certificatesRepo.find(tx, id));
    if (!existing || existing.userId !== caller.userId) throw errors.idTaken();
    if (existing.withdrawnAt) throw errors.deletedElsewhere();
    return existing;
  }

  /**
   * Fields not supplied keep their value; status changes move the monthly count. An issued
   * (completed) version is never rewritten: the edit is kept as the next version and the issued one
   * stays in the kernel, with its fingerprint and signatures (ADR 0025). Premium only, but for a
   * working draft: on the free plan its owner may save it again or complete it, which counts it
   * within the month's limit in this same transaction (ADR 0069).
   */
  async update(caller: AuthenticatedCaller, id: string, request: UpdateCertificateInput): Promise<Certificate> {
    const owner = await ownerRepo.load(this.db, caller.userId, this.now());
    const { row, removedFileIds } = await this.db.transaction(async (tx) => {
      const existing = await certificatesRepo.findOwned(tx, caller.userId, id, { lock: true });
      if (!existing) throw errors.notFound();
      // Checked under the row's lock: a draft completed meanwhile is an issued certificate.
      const mayChange = owner.premium || isWorkingDraft(existing);
      if (!mayChange && request.revision === existing.revision) throw errors.premiumUpdate();
      const input = await this.withTemplateCopies(tx, caller.userId, owner.premium, request, existing.checklists);
      if (input.revision !== existing.revision) {
        // A save sent again after its answer was lost (the outbox, ADR 0036): it is already stored.
        if (input.revision < existing.revision && this.alreadySaved(existing, input)) {
          return { row: existing, removedFileIds: [] };
        }
        throw mayChange ? errors.stale() : errors.premiumUpdate();
      }
      const merged = {
        standards: input.standards ?? existing.standards,
        job_site_address: input.job_site_address ?? existing.jobSiteAddress,
        installation_date: input.installation_date !== undefined ? input.installation_date : existing.installationDate,
        areas: input.areas ?? existing.areas,
        status: input.status ?? existing.status,
      };
      const checklists = input.checklists ?? existing.checklists;
      if (input.checklists || input.photos) assertChecklists(checklists, input.photos ?? existing.photos);
      if (merged.status === 'completed') this.assertCompletable({ ...merged, checklists });
      const previousPhotos = existing.photos;
      if (input.photos) {
        assertPhotoList(input.photos);
        await this.attachPhotos(tx, caller.userId, id, input.photos);
      }
      const columns = toColumns(input);
      const issued = existing.status === 'completed';
      if (issued && merged.status === 'completed' && this.unchanged(existing, columns)) {
        return { row: existing, removedFileIds: [] };
      }
      // The draft of an amendment (version 2 on) may still give or change its reason.
      const amendment = issued
        ? await this.startAmendment(tx, existing, input.amendment_reason)
        : existing.version > 1 && input.amendment_reason !== undefined
          ? { amendmentReason: input.amendment_reason || null }
          : {};
      let updated = await certificatesRepo.update(tx, caller.userId, id, {
        ...columns,
        ...amendment,
        status: input.status,
        revision: existing.revision + 1,
      });
      if (existing.status === 'draft' && merged.status === 'completed') {
        updated = await this.complete(tx, updated, owner);
      } else if (issued && merged.status === 'completed') {
        // An issued certificate edited as it stands: the next version is issued at once.
        await this.announceIssued(tx, updated);
      } else if (existing.status === 'completed' && merged.status === 'draft') {
        if (existing.completedMonth) {
          await certificatesRepo.decrementMonthlyCount(tx, caller.userId, existing.completedMonth);
        }
        updated = await certificatesRepo.update(tx, caller.userId, id, { completedMonth: null, amendedAt: null });
      }
      const kept = new Set([
        ...(input.photos ?? previousPhotos).map((photo) => photo.file_id),
        ...(await photosOfKeptVersions(tx, id)),
      ]);
      return {
        row: updated,
        removedFileIds: previousPhotos.map((photo) => photo.file_id).filter((fileId) => !kept.has(fileId)),
      };
    });
    await this.removeFiles(caller.userId, removedFileIds);
    // Nothing to drop from the PDF cache: a draft's PDF is never cached, and an issued version's stays valid.
    return this.presentRow(row);
  }

  /** The request with each custom template's checklist carrying the template's copy (ADR 0038). */
  private async withTemplateCopies<Input extends { checklists?: CertificateChecklist[] | undefined }>(
    db: Queryable,
    userId: string,
    premium: boolean,
    input: Input,
    stored: readonly CertificateChecklist[],
  ): Promise<Input> {
    if (!input.checklists) return input;
    const owner = { userId, premium };
    return {
      ...input,
      checklists: await withTemplateSnapshots(db, this.ownTemplates, owner, input.checklists, stored),
    };
  }

  /** Whether applying `columns` would print the same certificate (then nothing is written). */
  private unchanged(existing: CertificateRow, columns: ReturnType<typeof toColumns>): boolean {
    const defined = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
    return samePrintedContent(contentOf(existing), contentOf({ ...existing, ...defined }));
  }

  /** Whether the record already says what `input` would make it say (status and amendment reason included). */
  private alreadySaved(existing: CertificateRow, input: UpdateCertificateInput): boolean {
    const reason = input.amendment_reason === undefined ? existing.amendmentReason : input.amendment_reason || null;
    return (
      (input.status ?? existing.status) === existing.status &&
      reason === existing.amendmentReason &&
      this.unchanged(existing, toColumns(input))
    );
  }

  /**
   * Keeps the issued version in the kernel and moves the row to the next version, in `tx`: open
   * signing links of the issued version stop working (its signatures stay on it).
   */
  private async startAmendment(tx: Queryable, existing: CertificateRow, reason: string | undefined) {
    const version = existing.version + 1;
    if (version > DOCUMENT_VERSION_LIMIT) throw new AppError(409, 'conflict', versionLimitMessage);
    await keepIssuedVersion(tx, existing);
    await voidOpenRequestsBefore(tx, { kind: 'certificate', documentId: existing.id, version });
    return { version, amendedAt: this.now(), amendmentReason: reason || null };
  }

  /**
   * Deleting is permanent: the record, its versions and its photos go, and a completed one leaves
   * the month's count. A certificate somebody signed is a record to keep: it is withdrawn instead
   * (it leaves the lists, its versions stay, and its verification says so). Premium only, but for a
   * working draft, which its owner on the free plan may discard (ADR 0069).
   */
  async delete(caller: AuthenticatedCaller, id: string): Promise<void> {
    const owner = await ownerRepo.load(this.db, caller.userId, this.now());
    const deleted = await this.db.transaction(async (tx) => {
      const existing = await certificatesRepo.findOwned(tx, caller.userId, id, { lock: true });
      if (!existing) throw errors.notFound();
      if (!owner.premium && !isWorkingDraft(existing)) throw errors.premiumDelete();
      if (existing.status === 'completed' && existing.completedMonth) {
        await certificatesRepo.decrementMonthlyCount(tx, caller.userId, existing.completedMonth);
      }
      if (await documentHasSignatures(tx, 'certificate', id)) {
        await certificatesRepo.update(tx, caller.userId, id, { withdrawnAt: this.now(), completedMonth: null });
        await closeSigning(tx, 'certificate', id);
        return null;
      }
      const photoIds = [...existing.photos.map((photo) => photo.file_id), ...(await photosOfKeptVersions(tx, id))];
      await documentVersionsRepo.deleteAll(tx, caller.userId, 'certificate', id);
      await certificatesRepo.delete(tx, caller.userId, id);
      // A create or photo upload still waiting in another phone's outbox must not bring them back.
      await retiredIdsRepo.retire(tx, caller.userId, 'certificate', [id]);
      await retiredIdsRepo.retire(tx, caller.userId, 'photo', [...new Set(photoIds)]);
      return { existing, photoIds };
    });
    if (!deleted) return;
    await this.pdfs.forgetCertificate(deleted.existing.userId, id);
    await this.removeFiles(caller.userId, [...new Set(deleted.photoIds)]);
  }

  /**
   * The owner sees any of their certificates; anyone else only an issued version (the share link),
   * the current one unless `version` names another. Another user's drafts and unknown ids both
   * answer 'Certificate not found'.
   */
  async get(caller: AuthenticatedCaller | undefined, id: string, version?: number): Promise<Certificate> {
    const shown = await this.findReadable(caller, id, version);
    return this.present(shown);
  }

  /**
   * The A4 PDF of a version, under the same rule as the share page. A draft prints as a draft: a
   * watermark, and no signature or QR code.
   */
  async pdf(caller: AuthenticatedCaller | undefined, id: string, version?: number): Promise<PdfFile> {
    const { head, content } = await this.findReadable(caller, id, version);
    const number = content.certificate_number ?? 'draft-certificate';
    return {
      bytes: await this.pdfs.pdfFor(head.userId, content),
      filename: content.version > 1 ? `${number}-v${content.version}.pdf` : `${number}.pdf`,
    };
  }

  /** The owner's issued versions, oldest first, with who signed each. */
  async versions(caller: AuthenticatedCaller, id: string): Promise<{ items: CertificateVersion[] }> {
    const head = await certificatesRepo.findOwned(this.db, caller.userId, id);
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
    const signed = await verifiedSignatures(this.db, { kind: 'certificate', documentId: id, version });
    return {
      kind: 'certificate',
      number: issued?.content.certificate_number ?? '',
      version,
      // A version not issued has no fingerprint anyone could hold on paper.
      fingerprint: issued?.fingerprint ?? '',
      business_name: issued?.content.applicator?.company_name ?? '',
      verdict: await certificateVerdict(this.db, head, version, issued),
      ...signed,
      version_date: (issued?.issuedAt ?? head.updatedAt).toISOString(),
    };
  }

  /** The version a caller asked for, if they may read it. */
  private async findReadable(caller: AuthenticatedCaller | undefined, id: string, version: number | undefined) {
    const own = caller ? await certificatesRepo.findOwned(this.db, caller.userId, id) : undefined;
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
      status?: 'draft' | 'completed' | undefined;
      q?: string | undefined;
    },
  ): Promise<CertificateListResponse> {
    const rows = await certificatesRepo.list(this.db, caller.userId, {
      limit: query.limit + 1,
      after: decodeCursor(query.cursor),
      status: query.status,
      search: query.q || undefined,
    });
    const page = keysetPage.of(rows, query.limit, (row) => ({ createdAt: row.cursor, id: row.id }));
    return {
      items: await Promise.all(
        page.rows.map(async ({ cursor: _cursor, first_photo_id, ...summary }) => ({
          ...summary,
          thumbnail_url: await this.storedFiles.signedUrl(first_photo_id, 'thumbnail'),
        })),
      ),
      next_cursor: page.next_cursor,
    };
  }

  /** Completed certificates this month and the limit, for the client's early (fail-open) check. */
  async usage(caller: AuthenticatedCaller): Promise<MonthlyUsage> {
    const owner = await ownerRepo.load(this.db, caller.userId, this.now());
    const month = monthKey(this.now(), owner.timeZone);
    return {
      month,
      completed: await certificatesRepo.monthlyCount(this.db, caller.userId, month),
      limit: owner.premium ? null : FREE_MONTHLY_COMPLETED_LIMIT,
    };
  }

  /** Stores a photo; with a client-made `clientId`, a retry answers the photo stored the first time. */
  async uploadPhoto(caller: AuthenticatedCaller, upload: Buffer, clientId: string | undefined): Promise<UploadedPhoto> {
    const file = await this.storedFiles.saveImage(caller.userId, 'photo', upload, clientId);
    return {
      file_id: file.id,
      url: await this.storedFiles.signedUrl(file.id),
      thumbnail_url: await this.storedFiles.signedUrl(file.id, 'thumbnail'),
      width: file.width,
      height: file.height,
    };
  }

  async gallery(caller: AuthenticatedCaller, certificateId: string | undefined): Promise<GalleryPhoto[]> {
    const rows = certificateId
      ? [await certificatesRepo.findOwned(this.db, caller.userId, certificateId)].filter((row) => row !== undefined)
      : await certificatesRepo.listWithPhotos(this.db, caller.userId, 500);
    const photos: GalleryPhoto[] = [];
    for (const row of rows) {
      for (const photo of await this.signPhotos(row.photos)) {
        photos.push({
          certificate_id: row.id,
          job_site_address: row.jobSiteAddress,
          certificate_number: row.certificateNumber,
          ...photo,
        });
      }
    }
    return photos;
  }

  /**
   * Issues the certificate: counts it in its month (refusing past the free limit), numbers it and
   * freezes the applicator block.
   */
  private async complete(tx: Queryable, row: CertificateRow, owner: CertificateOwner): Promise<CertificateRow> {
    // An amendment keeps the issue date and the applicator block of the certificate it amends.
    const amending = row.version > 1;
    const applicator = amending && row.applicator ? row.applicator : owner.applicator;
    // Before the month is counted, so a refusal leaves nothing behind (ADR 0065).
    if (applicator === owner.applicator) {
      assertIssuer({ ...applicator, has_signature: applicator.signature_file_id !== null });
    }
    const now = this.now();
    const month = monthKey(now, owner.timeZone);
    const limit = owner.premium ? null : FREE_MONTHLY_COMPLETED_LIMIT;
    if (!(await certificatesRepo.incrementMonthlyCount(tx, row.userId, month, limit))) throw errors.monthlyLimit();
    const year = Number(month.slice(0, 4));
    const certificateNumber =
      row.certificateNumber ??
      formatDocumentNumber(
        CERTIFICATE_NUMBER_PREFIX,
        year,
        await nextDocumentNumber(tx, row.userId, 'certificate', year),
      );
    await this.announceIssued(tx, { ...row, certificateNumber });
    return certificatesRepo.update(tx, row.userId, row.id, {
      certificateNumber,
      completedAt: amending && row.completedAt ? row.completedAt : now,
      completedMonth: month,
      applicator,
      amendedAt: amending ? now : null,
    });
  }

  /** Tells integrators a version was issued: the first, or an amendment (webhooks; ADR 0055). */
  private announceIssued(tx: Queryable, row: Pick<CertificateRow, 'id' | 'userId' | 'version' | 'certificateNumber'>) {
    return this.events.publish(tx, {
      type: row.version > 1 ? 'certificate.amended' : 'certificate.issued',
      userId: row.userId,
      data: { certificate_id: row.id, version: row.version, certificate_number: row.certificateNumber ?? '' },
    });
  }

  /** The job details a completed certificate needs, and no checklist item that failed (issue 24). */
  private assertCompletable(
    fields: Parameters<typeof missingForCompletion>[0] & { checklists: CertificateChecklist[] },
  ) {
    const missing = missingForCompletion(fields);
    if (missing.length > 0) throw errors.incomplete(missing);
    const failed = checklistFailures(fields.checklists);
    if (failed.length > 0) {
      throw new AppError(
        400,
        'validation_failed',
        `A checklist item failed, so the certificate cannot be completed: ${failed.join('; ')}. Keep it as a draft until it passes.`,
        failed.map((message) => ({ path: 'checklists', message })),
      );
    }
  }

  /** Photos must be the caller's own uploads and on no other certificate; checked and claimed in `tx`. */
  private async attachPhotos(tx: Queryable, userId: string, certificateId: string, photos: StoredPhoto[]) {
    const { missing, taken } = await certificatesRepo.claimPhotos(
      tx,
      userId,
      certificateId,
      photos.map((photo) => photo.file_id),
    );
    if (missing.length > 0) throw errors.badPhotos('A photo could not be found. Upload it again, then save.');
    if (taken.length > 0) throw errors.badPhotos('A photo is already attached to another certificate.');
  }

  private async removeFiles(userId: string, fileIds: string[]) {
    await Promise.all(fileIds.map((fileId) => this.storedFiles.removeOwned(userId, fileId)));
  }

  private async signPhotos(photos: StoredPhoto[]) {
    return Promise.all(
      photos.map(async (photo) => {
        return {
          file_id: photo.file_id,
          caption: photo.caption,
          ...(photo.taken_at && { taken_at: photo.taken_at }),
          ...(photo.location && { location: photo.location }),
          url: await this.storedFiles.signedUrl(photo.file_id),
          thumbnail_url: await this.storedFiles.signedUrl(photo.file_id, 'thumbnail'),
        };
      }),
    );
  }

  /** The owner's answer after a save: the row as it now stands. */
  private async presentRow(row: CertificateRow): Promise<Certificate> {
    const issued = row.status === 'completed' ? await issuedVersion(this.db, row, row.version) : null;
    return this.present({ head: row, content: contentOf(row), issued, isOwner: true });
  }

  private async present(shown: {
    head: CertificateRow;
    content: CertificateContent;
    issued: IssuedVersion | null;
    isOwner: boolean;
  }): Promise<Certificate> {
    const { head, content, issued } = shown;
    const { applicator } = content;
    const verdict: DocumentVerdict = await certificateVerdict(this.db, head, content.version, issued);
    return {
      id: head.id,
      user_id: head.userId,
      certificate_number: content.certificate_number,
      standards: content.standards,
      job_site_address: content.job_site_address,
      installation_date: content.installation_date,
      areas: content.areas,
      materials_used: content.materials_used,
      materials: content.materials ?? [],
      state_details: content.state_details ?? null,
      additional_info: content.additional_info,
      photos: await this.signPhotos(content.photos),
      checklists: content.checklists ?? [],
      status: content.status,
      applicator: applicator && {
        company_name: applicator.company_name,
        company_address: applicator.company_address,
        company_phone: applicator.company_phone,
        company_email: applicator.company_email,
        company_abn: applicator.company_abn,
        licence_number: applicator.licence_number,
        applicator_name: applicator.applicator_name,
        logo_url: await this.storedFiles.signedUrl(applicator.logo_file_id),
        signature_url: await this.storedFiles.signedUrl(applicator.signature_file_id),
      },
      completed_at: content.completed_at,
      created_at: head.createdAt.toISOString(),
      updated_at: head.updatedAt.toISOString(),
      is_owner: shown.isOwner,
      fingerprint: certificateFingerprint(content),
      version: content.version,
      amended_at: content.amended_at,
      amendment_reason: content.amendment_reason,
      revision: head.revision,
      verdict,
    };
  }
}

/**
 * Each checklist's entries are for items its template has, and the photos they name as evidence
 * are photos of this certificate.
 */
function assertChecklists(checklists: readonly CertificateChecklist[], photos: readonly StoredPhoto[]) {
  const photoIds = new Set(photos.map((photo) => photo.file_id));
  for (const checklist of checklists) {
    const template = templateOfChecklist(checklist);
    const items = template ? templateItemIds(template) : new Set<string>();
    for (const [itemId, entry] of Object.entries(checklist.entries)) {
      if (!items.has(itemId)) throw errors.badChecklist(`This checklist has no item “${itemId}”. Reload the page.`);
      if (entry.photo_ids?.some((photoId) => !photoIds.has(photoId))) {
        throw errors.badChecklist(
          'A checklist photo is not one of this certificate’s photos. Add it to the photos first.',
        );
      }
    }
  }
}

/** Within the count limit, and no photo twice. */
function assertPhotoList(photos: StoredPhoto[]) {
  if (photos.length > MAX_PHOTOS_PER_CERTIFICATE) throw errors.badPhotos(TOO_MANY_PHOTOS_MESSAGE);
  const ids = new Set(photos.map((photo) => photo.file_id));
  if (ids.size !== photos.length) throw errors.badPhotos('The same photo is attached twice.');
}

/** The API's snake_case fields as columns; fields left undefined are not written. */
function toColumns<Input extends Omit<UpdateCertificateInput, 'revision'>>(input: Input) {
  return {
    standards: input.standards,
    jobSiteAddress: input.job_site_address,
    installationDate: input.installation_date,
    areas: input.areas,
    materialsUsed: input.materials_used,
    materials: input.materials,
    stateDetails: input.state_details,
    additionalInfo: input.additional_info,
    photos: input.photos,
    checklists: input.checklists,
  } as {
    standards: Input['standards'];
    jobSiteAddress: Input['job_site_address'];
    installationDate: Input['installation_date'];
    areas: Input['areas'];
    materialsUsed: Input['materials_used'];
    materials: Input['materials'];
    stateDetails: Input['state_details'];
    additionalInfo: Input['additional_info'];
    photos: Input['photos'];
    checklists: Input['checklists'];
  };
}

/** Certificate numbers read WPC-2026-0001 (PRODUCT.md, Records): per user, per year of completion. */
const CERTIFICATE_NUMBER_PREFIX = 'WPC';
