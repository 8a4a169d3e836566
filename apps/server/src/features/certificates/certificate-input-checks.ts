import {
  type CertificateChecklist,
  checklistFailures,
  MAX_PHOTOS_PER_CERTIFICATE,
  missingForCompletion,
  TOO_MANY_PHOTOS_MESSAGE,
  templateItemIds,
  templateOfChecklist,
} from '@app/contract';
import { AppError } from '../../platform/errors.ts';
import { certificateErrors } from './certificate-errors.ts';
import type { StoredPhoto } from './certificates.schema.ts';

/** The job details a completed certificate needs, and no checklist item that failed (ADR 0037). */
export function assertCompletable(
  fields: Parameters<typeof missingForCompletion>[0] & { checklists: CertificateChecklist[] },
) {
  const missing = missingForCompletion(fields);
  if (missing.length > 0) throw certificateErrors.incomplete(missing);
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

/**
 * Each checklist's entries are for items its template has, and the photos they name as evidence
 * are photos of this certificate.
 */
export function assertChecklists(checklists: readonly CertificateChecklist[], photos: readonly StoredPhoto[]) {
  const photoIds = new Set(photos.map((photo) => photo.file_id));
  for (const checklist of checklists) {
    const template = templateOfChecklist(checklist);
    const items = template ? templateItemIds(template) : new Set<string>();
    for (const [itemId, entry] of Object.entries(checklist.entries)) {
      if (!items.has(itemId)) {
        throw certificateErrors.badChecklist(`This checklist has no item “${itemId}”. Reload the page.`);
      }
      if (entry.photo_ids?.some((photoId) => !photoIds.has(photoId))) {
        throw certificateErrors.badChecklist(
          'A checklist photo is not one of this certificate’s photos. Add it to the photos first.',
        );
      }
    }
  }
}

/** Within the count limit, and no photo twice. */
export function assertPhotoList(photos: StoredPhoto[]) {
  if (photos.length > MAX_PHOTOS_PER_CERTIFICATE) throw certificateErrors.badPhotos(TOO_MANY_PHOTOS_MESSAGE);
  const ids = new Set(photos.map((photo) => photo.file_id));
  if (ids.size !== photos.length) throw certificateErrors.badPhotos('The same photo is attached twice.');
}
