import { certificateStatuses, type WritableCertificateStatus } from '@app/contract';
import { z } from 'zod/mini';
import { type CacheStorage, cleanupCertificateCache, isQuotaExceeded } from './certificate-cache.ts';
import { type CertificateFormValues, certificateFormValuesSchema } from './certificate-form.ts';

/**
 * Edits the server could not save (offline, or a server failure) are kept on this device, so the
 * work is not lost: the edit page offers them again next time (PRODUCT.md, Messages 'Database error').
 */
export type LocalEdit = {
  values: CertificateFormValues;
  status: WritableCertificateStatus;
  /** Why an issued certificate is amended, as typed with the edit (absent in edits kept before it was kept). */
  amendmentReason?: string | undefined;
  savedAt: string;
};

/** Listed again in lib/unsynced-changes.ts, so sign-out counts these without loading this module (a test ties them). */
export const localEditsKey = (userId: string) => `certificate-edits:${userId}`;

const localEditSchema = z.object({
  values: certificateFormValuesSchema,
  status: z.enum(certificateStatuses),
  amendmentReason: z.optional(z.string()),
  savedAt: z.string(),
});
const localEditsSchema = z.record(z.string(), localEditSchema);

function readAll(storage: CacheStorage, userId: string): Record<string, LocalEdit> {
  try {
    const raw = storage.getItem(localEditsKey(userId));
    const parsed = raw === null ? undefined : localEditsSchema.safeParse(JSON.parse(raw));
    return parsed?.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function writeAll(storage: CacheStorage, userId: string, edits: Record<string, LocalEdit>) {
  if (Object.keys(edits).length === 0) storage.removeItem(localEditsKey(userId));
  else storage.setItem(localEditsKey(userId), JSON.stringify(edits));
}

export function readLocalEdit(storage: CacheStorage, userId: string, certificateId: string): LocalEdit | undefined {
  return readAll(storage, userId)[certificateId];
}

/**
 * Keeps the edit; when storage is full the certificate list cache is cleaned up first (an unsaved
 * edit matters more than a copy of the list). Returns false when it could not be kept at all.
 */
export function saveLocalEdit(storage: CacheStorage, userId: string, certificateId: string, edit: LocalEdit): boolean {
  const save = () => writeAll(storage, userId, { ...readAll(storage, userId), [certificateId]: edit });
  try {
    save();
    return true;
  } catch (error) {
    if (!isQuotaExceeded(error)) return false;
  }
  try {
    cleanupCertificateCache(storage, userId);
    save();
    return true;
  } catch {
    return false;
  }
}

export function discardLocalEdit(storage: CacheStorage, userId: string, certificateId: string): void {
  const edits = readAll(storage, userId);
  if (!(certificateId in edits)) return;
  delete edits[certificateId];
  try {
    writeAll(storage, userId, edits);
  } catch {
    // Storage became unavailable; the stale edit is offered again and can be discarded then.
  }
}
