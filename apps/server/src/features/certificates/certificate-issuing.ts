import {
  type Certificate,
  type CertificateChecklist,
  type createCertificateRequestSchema,
  documentKindDeclarations,
  isWorkingDraft,
  roleMay,
  type updateCertificateRequestSchema,
} from '@app/contract';
import type { z } from 'zod/mini';
import type { Database, Queryable } from '../../db/client.ts';
import { businessSettingsOf } from '../../platform/accounts/business.ts';
import type { RecordOwner } from '../../platform/accounts/memberships.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import {
  amendIntoNextVersion,
  assertVersionAllowed,
  deleteOrWithdraw,
  issueVersion,
  type WithdrawableHeadRows,
} from '../../platform/documents/lifecycle-steps.ts';
import { numberDocument } from '../../platform/documents/number-sequences.ts';
import { documentVersionsRepo } from '../../platform/documents/versions.ts';
import type { OutboundEvents } from '../../platform/events/outbound-events.ts';
import { type AuthenticatedCaller, assertMay } from '../../platform/http/auth-context.ts';
import { retiredIdsRepo } from '../../platform/retired-ids/retired-ids.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import {
  completionMonth,
  countCompletionInMonth,
  frozenIssuerBlock,
  uncountCompletion,
} from './certificate-completion.ts';
import { contentOf, samePrintedContent } from './certificate-content.ts';
import { certificateErrors as errors } from './certificate-errors.ts';
import { assertChecklists, assertCompletable, assertPhotoList } from './certificate-input-checks.ts';
import type { CertificatePdfService } from './certificate-pdf.service.ts';
import { presentSavedRow } from './certificate-presenter.ts';
import { issuingVersionOf, keepIssuedVersion, photosOfKeptVersions } from './certificate-versions.ts';
import { type CertificateRow, certificatesRepo } from './certificates.repo.ts';
import type { StoredPhoto } from './certificates.schema.ts';
import { type OwnChecklistTemplates, withTemplateSnapshots } from './checklist-snapshots.ts';
import { type CertificateOwner, ownerRepo } from './owner.repo.ts';

type CreateCertificateInput = z.output<typeof createCertificateRequestSchema>;
type UpdateCertificateInput = z.output<typeof updateCertificateRequestSchema>;

/**
 * A certificate's lifecycle: create, save, complete (which issues it), amend, and delete or
 * withdraw (PRODUCT.md, Records; PRODUCT.md, Plans). Free-plan limits, premium-only update and
 * delete, and the monthly count kept in the same transaction as every write.
 */
export class CertificateIssuing {
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
    if (request.user_id !== caller.userId) throw errors.userMismatch();
    const owner = await ownerRepo.load(this.db, caller.userId, this.now());
    const input = await this.withTemplateCopies(this.db, caller.userId, owner.premium, request, []);
    if (input.status === 'completed') assertCompletable(input);
    assertPhotoList(input.photos);
    assertChecklists(input.checklists, input.photos);
    const row = await this.db.transaction(async (tx) => {
      if (input.status === 'completed') await assertMayIssue(tx, caller);
      const created = await certificatesRepo.insert(tx, {
        ...(input.id && { id: input.id }),
        businessId: caller.businessId,
        userId: caller.userId,
        ...toColumns(input),
        status: input.status,
      });
      if (!created) return this.createdBefore(tx, caller, input.id);
      // Deleted stays deleted (ADR 0032): an id that named a certificate deleted since is not taken again.
      if (input.id) await retiredIdsRepo.refuseIfRetired(tx, caller.businessId, input.id);
      await this.attachPhotos(tx, caller.businessId, created.id, input.photos);
      return input.status === 'completed' ? this.complete(tx, created, owner, caller) : created;
    });
    return presentSavedRow({ db: this.db, storedFiles: this.storedFiles }, row);
  }

  /**
   * A create sent again with its client-made id (its first answer was lost): the certificate it
   * made, as it is now; nothing is made or counted twice. One its business withdrew since is 410
   * (it stays withdrawn); another business's id is 409, saying nothing of it.
   */
  private async createdBefore(tx: Queryable, caller: AuthenticatedCaller, id: string | undefined) {
    const existing = id && (await certificatesRepo.find(tx, id));
    if (!existing || existing.businessId !== caller.businessId) throw errors.idTaken();
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
      const existing = await certificatesRepo.findOwned(tx, caller.businessId, id, { lock: true });
      if (!existing) throw errors.notFound();
      assertMayChangeInReview(caller, existing);
      if (request.status === 'completed' && existing.status !== 'completed') await assertMayIssue(tx, caller);
      // Checked under the row's lock: a draft completed meanwhile is an issued certificate.
      const mayChange = owner.premium || isWorkingDraft(existing);
      if (!mayChange && request.revision === existing.revision) throw errors.premiumUpdate();
      const input = await this.withTemplateCopies(tx, caller.userId, owner.premium, request, existing.checklists);
      if (input.revision !== existing.revision) {
        // A save sent again after its answer was lost (the outbox, ADR 0036): it is already stored.
        if (input.revision < existing.revision && alreadySaved(existing, input)) {
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
      if (merged.status === 'completed') assertCompletable({ ...merged, checklists });
      const previousPhotos = existing.photos;
      if (input.photos) {
        assertPhotoList(input.photos);
        await this.attachPhotos(tx, caller.businessId, id, input.photos);
      }
      const columns = toColumns(input);
      const issued = existing.status === 'completed';
      if (issued && merged.status === 'completed' && unchanged(existing, columns)) {
        return { row: existing, removedFileIds: [] };
      }
      // Amending an issued certificate (its photos too) is the owner's and the office's (ADR 0081).
      if (issued) assertMay(caller, 'certificates.amend');
      // The draft of an amendment (version 2 on) may still give or change its reason.
      const amendment = issued
        ? await this.startAmendment(tx, existing, input.amendment_reason)
        : existing.version > 1 && input.amendment_reason !== undefined
          ? { amendmentReason: input.amendment_reason || null }
          : {};
      let updated = await certificatesRepo.update(tx, caller.businessId, id, {
        ...columns,
        ...amendment,
        status: input.status,
        revision: existing.revision + 1,
      });
      if (existing.status !== 'completed' && merged.status === 'completed') {
        updated = await this.complete(tx, updated, owner, caller);
      } else if (issued && merged.status === 'completed') {
        // An issued certificate edited as it stands: the next version is issued at once.
        await this.announceIssued(tx, updated, caller);
      } else if (issued && merged.status === 'draft') {
        await uncountCompletion(tx, existing);
        updated = await certificatesRepo.update(tx, caller.businessId, id, { completedMonth: null, amendedAt: null });
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
    await this.removeFiles(caller.businessId, removedFileIds);
    // Nothing to drop from the PDF cache: a draft's PDF is never cached, and an issued version's stays valid.
    return presentSavedRow({ db: this.db, storedFiles: this.storedFiles }, row);
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

  /**
   * Keeps the issued version in the kernel and moves the row to the next version, in `tx`: open
   * signing links of the issued version stop working (its signatures stay on it).
   */
  private async startAmendment(tx: Queryable, existing: CertificateRow, reason: string | undefined) {
    const version = existing.version + 1;
    assertVersionAllowed(version);
    await amendIntoNextVersion(tx, { kind: 'certificate', documentId: existing.id, version }, () =>
      keepIssuedVersion(tx, existing),
    );
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
      const existing = await certificatesRepo.findOwned(tx, caller.businessId, id, { lock: true });
      if (!existing) throw errors.notFound();
      assertMayChangeInReview(caller, existing);
      if (!isWorkingDraft(existing)) assertMay(caller, 'certificates.amend');
      if (!owner.premium && !isWorkingDraft(existing)) throw errors.premiumDelete();
      await uncountCompletion(tx, existing);
      const photoIds = [...existing.photos.map((photo) => photo.file_id), ...(await photosOfKeptVersions(tx, id))];
      const withdrawn = await deleteOrWithdraw(tx, this.headRows, 'certificate', caller, id);
      await audit.record(tx, {
        type: withdrawn ? 'document.withdrawn' : 'document.deleted',
        data: { number: existing.certificateNumber },
        actor: { kind: 'user', userId: caller.userId },
        subject: { kind: 'certificate', id },
        origin: null,
      });
      if (withdrawn) return null;
      // A photo upload still waiting in another phone's outbox must not bring its photo back.
      await retiredIdsRepo.retire(tx, caller, 'photo', [...new Set(photoIds)]);
      return { existing, photoIds };
    });
    if (!deleted) return;
    await this.pdfs.forgetCertificate(deleted.existing.businessId, id);
    await this.removeFiles(caller.businessId, [...new Set(deleted.photoIds)]);
  }

  /** The certificate's own head-row statements, for the kernel's delete-or-withdraw step (ADR 0071). */
  private readonly headRows: WithdrawableHeadRows = {
    // Its completion left the month's count before this step.
    withdraw: async (tx, owner, id) => {
      await certificatesRepo.update(tx, owner.businessId, id, { withdrawnAt: this.now(), completedMonth: null });
    },
    delete: async (tx, owner, id) => {
      await documentVersionsRepo.deleteAll(tx, owner.businessId, 'certificate', id);
      await certificatesRepo.delete(tx, owner.businessId, id);
      // A create still waiting in another phone's outbox must not bring it back.
      await retiredIdsRepo.retire(tx, owner, 'certificate', [id]);
    },
  };

  /**
   * Issues the certificate, in `tx`: its row takes the frozen issuer block (ADR 0065), its number and
   * dates, then the kernel's issue step marks the version issued and runs the certificate's issue
   * hook, which counts it in its month (refusing past the free limit, which leaves nothing behind)
   * and tells the audit trail and integrators (ADR 0094).
   */
  private async complete(
    tx: Queryable,
    row: CertificateRow,
    owner: CertificateOwner,
    issuedBy: RecordOwner,
  ): Promise<CertificateRow> {
    // An amendment keeps the issue date and the issuer block of the certificate it amends.
    const amending = row.version > 1;
    const applicator = frozenIssuerBlock(row, owner);
    const now = this.now();
    const month = completionMonth(owner, now);
    const year = Number(month.slice(0, 4));
    // Numbers read WPC-2026-0001 (PRODUCT.md, Records): per business, per year of completion.
    const { numberPrefix } = documentKindDeclarations.certificate;
    const certificateNumber =
      row.certificateNumber ?? (await numberDocument(tx, row.businessId, 'certificate', numberPrefix, year));
    const completed = await certificatesRepo.update(tx, row.businessId, row.id, {
      certificateNumber,
      completedAt: amending && row.completedAt ? row.completedAt : now,
      completedMonth: month,
      applicator,
      amendedAt: amending ? now : null,
    });
    await issueVersion(tx, issuingVersionOf(completed), async () => {
      await countCompletionInMonth(tx, completed, owner, month);
      await this.announceIssued(tx, completed, issuedBy);
    });
    return completed;
  }

  /**
   * Tells integrators a version was issued: the first, or an amendment (webhooks; ADR 0055); and
   * the audit trail, whose activity view names who issued it (ADR 0090).
   */
  private async announceIssued(
    tx: Queryable,
    row: Pick<CertificateRow, 'id' | 'version' | 'certificateNumber'>,
    issuedBy: RecordOwner,
  ) {
    await audit.record(tx, {
      type: 'document.issued',
      data: { number: row.certificateNumber ?? '', version: row.version },
      actor: { kind: 'user', userId: issuedBy.userId },
      subject: { kind: 'certificate', id: row.id },
      origin: null,
    });
    await this.events.publish(tx, {
      type: row.version > 1 ? 'certificate.amended' : 'certificate.issued',
      userId: issuedBy.userId,
      data: { certificate_id: row.id, version: row.version, certificate_number: row.certificateNumber ?? '' },
    });
  }

  /** Photos must be the business's own uploads and on no other certificate; checked and claimed in `tx`. */
  private async attachPhotos(tx: Queryable, businessId: string, certificateId: string, photos: StoredPhoto[]) {
    const { missing, taken } = await certificatesRepo.claimPhotos(
      tx,
      businessId,
      certificateId,
      photos.map((photo) => photo.file_id),
    );
    if (missing.length > 0) throw errors.badPhotos('A photo could not be found. Upload it again, then save.');
    if (taken.length > 0) throw errors.badPhotos('A photo is already attached to another certificate.');
  }

  private async removeFiles(businessId: string, fileIds: string[]) {
    await Promise.all(fileIds.map((fileId) => this.storedFiles.removeOwned(businessId, fileId)));
  }
}

/**
 * With review before issue on, only an owner or office member issues: a field member's complete is
 * refused and they submit it for review instead (ADR 0077, "Office reviews before issue").
 */
async function assertMayIssue(tx: Queryable, caller: AuthenticatedCaller): Promise<void> {
  if (roleMay(caller.role, 'certificates.review')) return;
  if ((await businessSettingsOf(tx, caller.businessId)).reviewBeforeIssue) throw errors.submitForReview();
}

/** A certificate waiting for review is the reviewers' to change, not its maker's (ADR 0077). */
function assertMayChangeInReview(caller: AuthenticatedCaller, row: Pick<CertificateRow, 'status'>): void {
  if (row.status === 'in_review' && !roleMay(caller.role, 'certificates.review')) throw errors.inReview();
}

/** Whether applying `columns` would print the same certificate (then nothing is written). */
function unchanged(existing: CertificateRow, columns: ReturnType<typeof toColumns>): boolean {
  const defined = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
  return samePrintedContent(contentOf(existing), contentOf({ ...existing, ...defined }));
}

/** Whether the record already says what `input` would make it say (status and amendment reason included). */
function alreadySaved(existing: CertificateRow, input: UpdateCertificateInput): boolean {
  const reason = input.amendment_reason === undefined ? existing.amendmentReason : input.amendment_reason || null;
  return (
    (input.status ?? existing.status) === existing.status &&
    reason === existing.amendmentReason &&
    unchanged(existing, toColumns(input))
  );
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
