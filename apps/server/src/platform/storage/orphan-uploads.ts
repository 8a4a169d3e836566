import type { Database } from '../../db/client.ts';
import { daysAfter } from '../dates.ts';
import type { QueueSettings } from '../jobs/job-queue.ts';
import type { FileReferenceSource } from './file-references.ts';
import type { FileStorage } from './file-storage.ts';
import { filesRepo } from './files.repo.ts';
import { removeStoredBytes } from './stored-files.ts';

/** An upload left unattached this long (a form abandoned mid-way) will never be attached. */
const ORPHAN_UPLOAD_MAX_AGE_DAYS = 7;
/** Per run, so one run stays short however much has piled up; the next run takes the rest. */
const ORPHAN_UPLOAD_BATCH = 500;

/** The job queue runs the clean-up hourly (a batch each time), on one instance. */
export const ORPHAN_UPLOADS_QUEUE = 'orphan-uploads';
export const ORPHAN_UPLOADS_CRON = '17 * * * *';
export const orphanUploadsQueueSettings: QueueSettings = { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 600 };

/**
 * Deletes uploads that none of `references` names (see filesRepo.deleteUnreferenced) and were made
 * more than ORPHAN_UPLOAD_MAX_AGE_DAYS before `now`, rows first and then their bytes, at most
 * `limit` per call. Returns how many were
 * deleted: a full batch means more may be waiting. Meant to run on a schedule.
 */
export async function cleanUpOrphanUploads(
  db: Database,
  storage: FileStorage,
  references: readonly FileReferenceSource[],
  now: Date,
  limit = ORPHAN_UPLOAD_BATCH,
): Promise<{ deleted: number }> {
  const olderThan = daysAfter(now, -ORPHAN_UPLOAD_MAX_AGE_DAYS);
  const deleted = await filesRepo.deleteUnreferenced(db, references, olderThan, limit);
  // Rows first, in one statement: if removing bytes then fails, what is left is unreachable bytes,
  // never a row whose bytes are gone.
  for (const file of deleted) await removeStoredBytes(storage, file);
  return { deleted: deleted.length };
}
