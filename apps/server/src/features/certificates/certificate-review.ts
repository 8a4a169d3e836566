import type { Certificate } from '@app/contract';
import type { Database, Queryable } from '../../db/client.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import type { StoredFiles } from '../../platform/storage/stored-files.ts';
import { certificateErrors as errors } from './certificate-errors.ts';
import { assertCompletable } from './certificate-input-checks.ts';
import { presentSavedRow } from './certificate-presenter.ts';
import { type CertificateRow, certificatesRepo } from './certificates.repo.ts';

/**
 * Office reviews before issue (ADR 0077): a draft submitted for review waits, not counted and not
 * numbered, until an owner or office member issues it (the ordinary complete, CertificateIssuing)
 * or sends it back to its maker with a note. The routes' permissions say who may do which.
 */
export class CertificateReview {
  constructor(
    private readonly db: Database,
    private readonly storedFiles: StoredFiles,
  ) {}

  /** Moves a draft that could be completed to `in_review`; sent again, answers it as it is. */
  async submit(caller: AuthenticatedCaller, id: string, origin: RequestMetadata): Promise<Certificate> {
    return this.transition(caller, id, async (tx, existing) => {
      if (existing.status === 'in_review') return existing;
      if (existing.status !== 'draft') throw errors.notADraft();
      assertCompletable({
        standards: existing.standards,
        job_site_address: existing.jobSiteAddress,
        installation_date: existing.installationDate,
        areas: existing.areas,
        checklists: existing.checklists,
      });
      await audit.record(tx, {
        type: 'certificate.submitted_for_review',
        data: {},
        actor: { kind: 'user', userId: caller.userId },
        subject: { kind: 'certificate', id },
        origin,
      });
      return certificatesRepo.update(tx, caller.businessId, id, {
        status: 'in_review',
        reviewNote: null,
        revision: existing.revision + 1,
      });
    });
  }

  /** Sends a certificate in review back to its maker as a draft, with the reviewer's note. */
  async sendBack(caller: AuthenticatedCaller, id: string, note: string, origin: RequestMetadata): Promise<Certificate> {
    return this.transition(caller, id, async (tx, existing) => {
      if (existing.status !== 'in_review') throw errors.notInReview();
      await audit.record(tx, {
        type: 'certificate.returned',
        data: { note },
        actor: { kind: 'user', userId: caller.userId },
        subject: { kind: 'certificate', id },
        origin,
      });
      return certificatesRepo.update(tx, caller.businessId, id, {
        status: 'draft',
        reviewNote: note,
        revision: existing.revision + 1,
      });
    });
  }

  /** Runs `step` on the caller's business's certificate `id`, locked; another's is not found. */
  private async transition(
    caller: AuthenticatedCaller,
    id: string,
    step: (tx: Queryable, existing: CertificateRow) => Promise<CertificateRow>,
  ): Promise<Certificate> {
    const row = await this.db.transaction(async (tx) => {
      const existing = await certificatesRepo.findOwned(tx, caller.businessId, id, { lock: true });
      if (!existing) throw errors.notFound();
      return step(tx, existing);
    });
    return presentSavedRow({ db: this.db, storedFiles: this.storedFiles }, row);
  }
}
