import { FREE_MONTHLY_COMPLETED_LIMIT, monthKey } from '@app/contract';
import type { Queryable } from '../../db/client.ts';
import { assertIssuer } from '../../platform/accounts/issuer.ts';
import { certificateErrors } from './certificate-errors.ts';
import { type CertificateRow, certificatesRepo } from './certificates.repo.ts';
import type { StoredApplicator } from './certificates.schema.ts';
import type { CertificateOwner } from './owner.repo.ts';

/*
 * What completing a certificate does besides saving it, one function each: freezing the issuer
 * block onto the version the kernel's issue step marks, and the monthly count, its issue hook
 * (PRODUCT.md, Plans; ADR 0094).
 */

/**
 * The applicator block frozen onto the certificate at completion: the profile's, which must name
 * its issuer (ADR 0065). An amendment keeps the block of the certificate it amends.
 */
export function frozenIssuerBlock(row: CertificateRow, owner: CertificateOwner): StoredApplicator {
  const applicator = row.version > 1 && row.applicator ? row.applicator : owner.applicator;
  if (applicator === owner.applicator) {
    assertIssuer({ ...applicator, has_signature: applicator.signature_file_id !== null });
  }
  return applicator;
}

/** The month a completion at `completedAt` counts in: its business's (its time zone). */
export const completionMonth = (owner: CertificateOwner, completedAt: Date): string =>
  monthKey(completedAt, owner.timeZone);

/**
 * Counts a completion in its business's `month`, in `tx`, refusing past the free plan's limit:
 * one count whichever member completes (ADR 0077).
 */
export async function countCompletionInMonth(
  tx: Queryable,
  row: Pick<CertificateRow, 'businessId'>,
  owner: CertificateOwner,
  month: string,
): Promise<void> {
  const limit = owner.premium ? null : FREE_MONTHLY_COMPLETED_LIMIT;
  if (!(await certificatesRepo.incrementMonthlyCount(tx, row.businessId, month, limit))) {
    throw certificateErrors.monthlyLimit();
  }
}

/** Takes a completed certificate out of its month's count, in `tx`: it went back to draft, or is deleted or withdrawn. */
export async function uncountCompletion(
  tx: Queryable,
  row: Pick<CertificateRow, 'businessId' | 'status' | 'completedMonth'>,
): Promise<void> {
  if (row.status === 'completed' && row.completedMonth) {
    await certificatesRepo.decrementMonthlyCount(tx, row.businessId, row.completedMonth);
  }
}
