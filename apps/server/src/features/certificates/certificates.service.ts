import {
  type Certificate,
  type CertificateListResponse,
  certificateMessages,
  type createCertificateRequestSchema,
  FREE_MONTHLY_COMPLETED_LIMIT,
  type GalleryPhoto,
  isUuid,
  MAX_PHOTOS_PER_CERTIFICATE,
  type MonthlyUsage,
  missingForCompletion,
  monthKey,
  SIGNED_CERTIFICATE_MESSAGE,
  TOO_MANY_PHOTOS_MESSAGE,
  type UploadedPhoto,
  type updateCertificateRequestSchema,
} from '@app/contract';
import type { z } from 'zod/mini';
import type { Database, Queryable } from '../../db/client.ts';
import type { StoredPhoto } from '../../db/schema.ts';
import { formatDocumentNumber, nextDocumentNumber } from '../../platform/documents/number-sequences.ts';
import { versionHasSignatures } from '../../platform/documents/signatures.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import { certificateFingerprint } from './certificate-fingerprint.ts';
import type { CertificatePdfService } from './certificate-pdf.service.ts';
import { CERTIFICATE_VERSION } from './certificate-signing-source.ts';
import { type CertificateRow, certificatesRepo } from './certificates.repo.ts';
import { decodeCursor, encodeCursor } from './list-cursor.ts';
import { type CertificateOwner, ownerRepo } from './owner.repo.ts';

export type CreateCertificateInput = z.output<typeof createCertificateRequestSchema>;
export type UpdateCertificateInput = z.output<typeof updateCertificateRequestSchema>;

const errors = {
  notFound: () => new AppError(404, 'not_found', certificateMessages.notFound),
  premiumUpdate: () => new AppError(403, 'premium_required', certificateMessages.premiumUpdate),
  premiumDelete: () => new AppError(403, 'premium_required', certificateMessages.premiumDelete),
  monthlyLimit: () => new AppError(403, 'monthly_limit_reached', certificateMessages.monthlyLimit),
  signed: () => new AppError(409, 'conflict', SIGNED_CERTIFICATE_MESSAGE),
  incomplete: (details: Array<{ path: string; message: string }>) =>
    new AppError(400, 'validation_failed', 'Fill in the job details before completing the certificate.', details),
  badPhotos: (message: string) => new AppError(400, 'validation_failed', message, [{ path: 'photos', message }]),
};

/**
 * A signed certificate is a record: refused, under the row lock signing also takes, so a signature
 * and an edit never interleave (issue 20).
 */
async function assertNotSigned(tx: Queryable, id: string): Promise<void> {
  if (await versionHasSignatures(tx, { kind: 'certificate', documentId: id, version: CERTIFICATE_VERSION })) {
    throw errors.signed();
  }
}

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
  ) {}

  async create(caller: AuthenticatedCaller, input: CreateCertificateInput): Promise<Certificate> {
    if (input.user_id !== caller.userId) {
      throw new AppError(403, 'user_mismatch', certificateMessages.userMismatch);
    }
    if (input.status === 'completed') this.assertCompletable(input);
    assertPhotoList(input.photos);
    const owner = await ownerRepo.load(this.db, caller.userId);
    const row = await this.db.transaction(async (tx) => {
      const created = await certificatesRepo.insert(tx, {
        userId: caller.userId,
        ...toColumns(input),
        status: input.status,
      });
      await this.attachPhotos(tx, caller.userId, created.id, input.photos);
      return input.status === 'completed' ? this.complete(tx, created, owner) : created;
    });
    return this.present(row, true);
  }

  /** Premium only. Fields not supplied keep their value; status changes move the monthly count. */
  async update(caller: AuthenticatedCaller, id: string, input: UpdateCertificateInput): Promise<Certificate> {
    const owner = await ownerRepo.load(this.db, caller.userId);
    if (!owner.premium) throw errors.premiumUpdate();
    if (!isUuid(id)) throw errors.notFound();
    const { previous, row, removedFileIds } = await this.db.transaction(async (tx) => {
      const existing = await certificatesRepo.findOwned(tx, caller.userId, id, { lock: true });
      if (!existing) throw errors.notFound();
      await assertNotSigned(tx, id);
      const merged = {
        standards: input.standards ?? existing.standards,
        job_site_address: input.job_site_address ?? existing.jobSiteAddress,
        installation_date: input.installation_date !== undefined ? input.installation_date : existing.installationDate,
        areas: input.areas ?? existing.areas,
        status: input.status ?? existing.status,
      };
      if (merged.status === 'completed') this.assertCompletable(merged);
      const previousPhotos = existing.photos;
      if (input.photos) {
        assertPhotoList(input.photos);
        await this.attachPhotos(tx, caller.userId, id, input.photos);
      }

      let updated = await certificatesRepo.update(tx, caller.userId, id, {
        ...toColumns(input),
        status: input.status,
      });
      if (existing.status === 'draft' && merged.status === 'completed') {
        updated = await this.complete(tx, updated, owner);
      } else if (existing.status === 'completed' && merged.status === 'draft') {
        if (existing.completedMonth) {
          await certificatesRepo.decrementMonthlyCount(tx, caller.userId, existing.completedMonth);
        }
        updated = await certificatesRepo.update(tx, caller.userId, id, { completedMonth: null });
      }
      const kept = new Set((input.photos ?? previousPhotos).map((photo) => photo.file_id));
      return {
        previous: existing,
        row: updated,
        removedFileIds: previousPhotos.map((photo) => photo.file_id).filter((fileId) => !kept.has(fileId)),
      };
    });
    await this.removeFiles(caller.userId, removedFileIds);
    await this.pdfs.forget(previous);
    return this.present(row, true);
  }

  /** Premium only. Permanent: the record and its photos go; a completed one leaves the month's count. */
  async delete(caller: AuthenticatedCaller, id: string): Promise<void> {
    const owner = await ownerRepo.load(this.db, caller.userId);
    if (!owner.premium) throw errors.premiumDelete();
    if (!isUuid(id)) throw errors.notFound();
    const deleted = await this.db.transaction(async (tx) => {
      const existing = await certificatesRepo.findOwned(tx, caller.userId, id, { lock: true });
      if (!existing) throw errors.notFound();
      await assertNotSigned(tx, id);
      if (existing.status === 'completed' && existing.completedMonth) {
        await certificatesRepo.decrementMonthlyCount(tx, caller.userId, existing.completedMonth);
      }
      await certificatesRepo.delete(tx, caller.userId, id);
      return existing;
    });
    await this.pdfs.forget(deleted);
    await this.removeFiles(
      caller.userId,
      deleted.photos.map((photo) => photo.file_id),
    );
  }

  /**
   * The owner sees any of their certificates; anyone else only a completed one (the share link).
   * Another user's drafts and unknown ids both answer 'Certificate not found'.
   */
  async get(caller: AuthenticatedCaller | undefined, id: string): Promise<Certificate> {
    const { row, isOwner } = await this.findReadable(caller, id);
    return this.present(row, isOwner);
  }

  /** The A4 PDF, under the same rule as the share page; drafts carry a DRAFT watermark. */
  async pdf(caller: AuthenticatedCaller | undefined, id: string): Promise<{ pdf: Buffer; filename: string }> {
    const { row } = await this.findReadable(caller, id);
    return { pdf: await this.pdfs.pdfFor(row), filename: `${row.certificateNumber ?? 'draft-certificate'}.pdf` };
  }

  private async findReadable(caller: AuthenticatedCaller | undefined, id: string) {
    if (!isUuid(id)) throw errors.notFound();
    if (caller) {
      const own = await certificatesRepo.findOwned(this.db, caller.userId, id);
      if (own) return { row: own, isOwner: true };
    }
    const shared = await certificatesRepo.findCompleted(this.db, id);
    if (!shared) throw errors.notFound();
    return { row: shared, isOwner: false };
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
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(({ cursor: _cursor, ...summary }) => summary),
      next_cursor: rows.length > query.limit && last ? encodeCursor({ createdAt: last.cursor, id: last.id }) : null,
    };
  }

  /** Completed certificates this month and the limit, for the client's early (fail-open) check. */
  async usage(caller: AuthenticatedCaller): Promise<MonthlyUsage> {
    const owner = await ownerRepo.load(this.db, caller.userId);
    const month = monthKey(this.now(), owner.timeZone);
    return {
      month,
      completed: await certificatesRepo.monthlyCount(this.db, caller.userId, month),
      limit: owner.premium ? null : FREE_MONTHLY_COMPLETED_LIMIT,
    };
  }

  async uploadPhoto(caller: AuthenticatedCaller, upload: Buffer): Promise<UploadedPhoto> {
    const file = await this.storedFiles.saveImage(caller.userId, 'photo', upload);
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

  /** Counts the certificate in its month (refusing past the free limit), numbers it, freezes the applicator block. */
  private async complete(tx: Queryable, row: CertificateRow, owner: CertificateOwner): Promise<CertificateRow> {
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
    return certificatesRepo.update(tx, row.userId, row.id, {
      certificateNumber,
      completedAt: now,
      completedMonth: month,
      applicator: owner.applicator,
    });
  }

  private assertCompletable(fields: Parameters<typeof missingForCompletion>[0]) {
    const missing = missingForCompletion(fields);
    if (missing.length > 0) throw errors.incomplete(missing);
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
          url: await this.storedFiles.signedUrl(photo.file_id),
          thumbnail_url: await this.storedFiles.signedUrl(photo.file_id, 'thumbnail'),
        };
      }),
    );
  }

  private async present(row: CertificateRow, isOwner: boolean): Promise<Certificate> {
    const { applicator } = row;
    return {
      id: row.id,
      user_id: row.userId,
      certificate_number: row.certificateNumber,
      standards: row.standards,
      job_site_address: row.jobSiteAddress,
      installation_date: row.installationDate,
      areas: row.areas,
      materials_used: row.materialsUsed,
      additional_info: row.additionalInfo,
      photos: await this.signPhotos(row.photos),
      status: row.status,
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
      completed_at: row.completedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      is_owner: isOwner,
      fingerprint: certificateFingerprint(row),
    };
  }
}

/** Within the count limit, and no photo twice. */
function assertPhotoList(photos: StoredPhoto[]) {
  if (photos.length > MAX_PHOTOS_PER_CERTIFICATE) throw errors.badPhotos(TOO_MANY_PHOTOS_MESSAGE);
  const ids = new Set(photos.map((photo) => photo.file_id));
  if (ids.size !== photos.length) throw errors.badPhotos('The same photo is attached twice.');
}

/** The API's snake_case fields as columns; fields left undefined are not written. */
function toColumns<Input extends UpdateCertificateInput>(input: Input) {
  return {
    standards: input.standards,
    jobSiteAddress: input.job_site_address,
    installationDate: input.installation_date,
    areas: input.areas,
    materialsUsed: input.materials_used,
    additionalInfo: input.additional_info,
    photos: input.photos,
  } as {
    standards: Input['standards'];
    jobSiteAddress: Input['job_site_address'];
    installationDate: Input['installation_date'];
    areas: Input['areas'];
    materialsUsed: Input['materials_used'];
    additionalInfo: Input['additional_info'];
    photos: Input['photos'];
  };
}

/** Certificate numbers read WPC-2026-0001 (PRODUCT.md, Records): per user, per year of completion. */
const CERTIFICATE_NUMBER_PREFIX = 'WPC';
