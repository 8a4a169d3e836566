import { DOCUMENT_VERSION_LIMIT, type DocumentKind, versionLimitMessage } from '@app/contract';
import type { Queryable } from '../../db/client.ts';
import type { RecordOwner } from '../accounts/memberships.ts';
import { AppError } from '../errors.ts';
import { closeSigning, type DocumentVersionRef, documentHasSignatures, voidOpenRequestsBefore } from './signatures.ts';
import { documentVersionsRepo, type IssuingVersion } from './versions.ts';

/*
 * The lifecycle steps every kind takes, whichever table holds its head row (ADR 0071): the
 * kernel's own kinds through kernel-documents.repo.ts, the certificate through its own table.
 */

/** The head-row statements the delete-or-withdraw step needs from a kind. */
export interface WithdrawableHeadRows {
  /** It leaves the business's lists; its versions and signatures stay. */
  withdraw(tx: Queryable, owner: RecordOwner, documentId: string): Promise<void>;
  /** The document and all it owns go. */
  delete(tx: Queryable, owner: RecordOwner, documentId: string): Promise<void>;
}

/** Refuses a version past the most one document may have (409). */
export function assertVersionAllowed(version: number): void {
  if (version > DOCUMENT_VERSION_LIMIT) throw new AppError(409, 'conflict', versionLimitMessage);
}

/**
 * The issue step (ADR 0072, 0094, 0099), in `tx`: marks `version` issued in `document_versions`,
 * then calls `hook`, the kind's, in the same transaction: a hook that refuses (a certificate past the
 * free plan's month) leaves the version unissued. Every act that issues a version comes here, so
 * `first` (whether this call issued it) is true for one call per version: the mark is a
 * conditional write, and of two acts racing, the second waits on the row and finds it issued. A
 * version issued already keeps its first date.
 */
export async function issueVersion<Version extends IssuingVersion>(
  tx: Queryable,
  version: Version,
  hook: (tx: Queryable, version: Version, first: boolean) => Promise<void>,
): Promise<boolean> {
  const first = await documentVersionsRepo.markIssued(tx, version);
  await hook(tx, version, first);
  return first;
}

/**
 * Starts `next` (a version after an issued one), in `tx`: `keepIssued` keeps the issued version as
 * it stands, then the open signing links of older versions are voided, so none signs a version
 * that is no longer current. Signatures given stay on their version.
 */
export async function amendIntoNextVersion(
  tx: Queryable,
  next: DocumentVersionRef,
  keepIssued: () => Promise<void>,
): Promise<void> {
  await keepIssued();
  await voidOpenRequestsBefore(tx, next);
}

/**
 * Deletes a document nobody has signed, in `tx`. One somebody signed is a record to keep: it is
 * withdrawn instead and its signing closed. True when it was withdrawn.
 */
export async function deleteOrWithdraw(
  tx: Queryable,
  head: WithdrawableHeadRows,
  kind: DocumentKind,
  owner: RecordOwner,
  documentId: string,
): Promise<boolean> {
  const signed = await documentHasSignatures(tx, kind, documentId);
  if (signed) {
    await head.withdraw(tx, owner, documentId);
    await closeSigning(tx, kind, documentId);
  } else await head.delete(tx, owner, documentId);
  return signed;
}
