import { type Certificate, certificateEndpoints, errorCodes, type UpdateCertificateRequest } from '@app/contract';
import type { ToastInput } from '../../components/ui/notifications/index.ts';
import type { NewOutboxChange, OutboxChange } from '../../lib/outbox/outbox.ts';
import { discardChange, queueChange, resolveRefused } from '../../lib/outbox/outbox-sync.ts';
import type { CertificateSave, FormSave } from './api/create-certificate.ts';
import { isQuotaExceeded } from './certificate-cache.ts';
import {
  type CertificateFormValues,
  certificateFormValuesSchema,
  createRequestOf,
  formValuesOf,
  type PhotoValue,
  updateRequestOf,
  withEdit,
} from './certificate-form.ts';
import { subjectOf } from './waiting-certificates.ts';

/*
 * Certificates saved with no connection (ADRs 0035 and 0036): the change goes into the
 * outbox and is sent once the phone is back online. A new one carries the id the form made, so the
 * server makes one certificate however often it arrives (ADR 0032); an edit carries the revision it
 * was made from, so an edit of a certificate changed elsewhere meanwhile is refused as a conflict
 * and kept for the user to choose, never applied over the other change. The server applies its
 * rules at sync: a free user's completed certificate past the month's limit stays on the phone.
 */

const labelOf = (address: string) => address.trim() || 'No address yet';

/**
 * Queues the uploads of the save's photos kept on this phone, before the change that names them
 * (so it can); `waiting`: the record's changes already queued, whose uploads are not queued twice.
 */
async function queuePhotoUploads(
  change: NewOutboxChange,
  photos: readonly PhotoValue[],
  waiting: readonly OutboxChange[],
) {
  const queued = new Set(waiting.map((earlier) => earlier.request.photoId));
  for (const photo of photos.filter((value) => value.local && !queued.has(value.fileId))) {
    await queueChange({
      ...change,
      request: {
        method: 'POST',
        path: `${certificateEndpoints.uploadPhoto.path}?id=${photo.fileId}`,
        photoId: photo.fileId,
      },
    });
  }
  await queueChange(change);
}

/** The outbox change that creates the certificate, with the id the form made and the form's values. */
function createChange(userId: string, save: CertificateSave): NewOutboxChange {
  return {
    userId,
    subject: subjectOf(save.clientId),
    label: labelOf(save.values.jobSiteAddress),
    request: {
      method: certificateEndpoints.create.method,
      path: certificateEndpoints.create.path,
      body: createRequestOf(save.values, userId, save.status, save.clientId),
    },
    createdAt: new Date().toISOString(),
    form: save.values,
  };
}

/** Queues the certificate, after the uploads of its photos kept on this phone. */
export function queueNewCertificate(userId: string, save: CertificateSave) {
  return queuePhotoUploads(createChange(userId, save), save.values.photos, []);
}

/**
 * Moves the drafts a free user kept on this phone (ADR 0036) to their account (ADR 0069): each
 * becomes an ordinary create with its client-made id, after the uploads of its photos (all kept
 * on this phone), and is sent once there is a connection. The kept draft goes only once those are
 * queued, so nothing is lost; run again, the same ids are answered as made (ADR 0032).
 */
export async function moveKeptDraftsToAccount(changes: readonly OutboxChange[]) {
  for (const kept of changes.filter((change) => change.keptDraft)) {
    const { seq: _seq, attempts: _attempts, refused: _refused, keptDraft: _keptDraft, ...create } = kept;
    await queuePhotoUploads(create, lastFormOf([kept])?.photos ?? [], []);
    await discardChange(kept);
  }
}

/**
 * What the new-certificate form opens again for a certificate not on the server yet (a create the
 * server refused): the form's values, if a release has not changed the form's shape since.
 */
export const reopenedValues = (changes: readonly OutboxChange[], clientId: string) =>
  lastFormOf(changesOfCertificate(changes, clientId));

/**
 * The outbox change of an edit of `base` (the certificate as the form loaded it: its revision goes
 * along), with the form's values, so the form opens it again with its photos kept on this phone.
 */
function editChange(userId: string, base: Certificate, save: FormSave, amendmentReason: string): NewOutboxChange {
  return {
    userId,
    subject: subjectOf(base.id),
    label: labelOf(save.values.jobSiteAddress),
    request: {
      method: certificateEndpoints.update.method,
      path: `/api/certificates/${base.id}`,
      body: updateRequestOf(base, save.values, save.status, amendmentReason),
    },
    createdAt: new Date().toISOString(),
    form: save.values,
  };
}

/**
 * Queues an edit the server cannot take now (no connection, it failed, or photos only this phone
 * has), after the uploads of those photos: it is sent when it can be. `waiting`: the certificate's
 * changes already queued.
 */
export function queueCertificateEdit(
  userId: string,
  base: Certificate,
  save: FormSave,
  amendmentReason: string,
  waiting: readonly OutboxChange[],
) {
  return queuePhotoUploads(editChange(userId, base, save, amendmentReason), save.values.photos, waiting);
}

/**
 * The form's values of the latest of `changes` that kept them, if a release has not changed the
 * form's shape since. For edits, only while they build on the certificate as it is (`revision`):
 * values made from an older copy would undo a change made elsewhere since.
 */
export function lastFormOf(changes: readonly OutboxChange[], revision?: number): CertificateFormValues | undefined {
  const last = changes.findLast((change) => change.form !== undefined);
  if (last && isEdit(last) && revision !== undefined && editOf(last).revision !== revision) return undefined;
  const parsed = certificateFormValuesSchema.safeParse(last?.form);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Settles a conflict with the user's version: their edits, made again from `latest` (the server's
 * copy now), replace the refused ones and are sent. Fields they did not touch keep the other change.
 */
export async function keepMyVersion(refused: readonly OutboxChange[], latest: Certificate) {
  const first = refused[0];
  if (!first) return;
  const mine = withWaitingEdits(latest, refused);
  const reason = refused.map((change) => editOf(change).amendment_reason).findLast(Boolean) ?? '';
  const values = formValuesOf(mine);
  // Photos the user changed come from the form's own values: they name photos taken on this
  // phone (uploaded by now), which the server's copy cannot show.
  const form = lastFormOf(refused);
  if (form && refused.some((change) => editOf(change).photos)) values.photos = form.photos;
  await resolveRefused(
    refused,
    editChange(first.userId, latest, { values, status: mine.status === 'completed' ? 'completed' : 'draft' }, reason),
  );
}

/** The certificate's changes waiting on this phone (or refused), oldest first. */
export const changesOfCertificate = (changes: readonly OutboxChange[], certificateId: string) =>
  changes.filter((change) => change.subject === subjectOf(certificateId));

const isEdit = (change: OutboxChange) => change.request.method === certificateEndpoints.update.method;
const editOf = (change: OutboxChange) => change.request.body as UpdateCertificateRequest;

/** An edit refused because the certificate was changed elsewhere since it was made. */
export const isEditConflict = (change: OutboxChange) => isEdit(change) && change.refused?.code === errorCodes.conflict;

/** `certificate` as the user's edits waiting on this phone would make it, in the order they were made. */
export function withWaitingEdits(certificate: Certificate, changes: readonly OutboxChange[]): Certificate {
  return changes.filter(isEdit).reduce((shown, change) => withEdit(shown, editOf(change)), certificate);
}

/** Whether the save must go through the outbox: it has photos only this phone has. */
export const needsOutbox = (save: CertificateSave) => save.values.photos.some((photo) => photo.local);

/** After a new certificate went into the outbox: sent now, or once the phone is back online. */
export const outboxToast = (): ToastInput =>
  navigator.onLine
    ? {
        title: 'Sending',
        description: 'The certificate and its photos from this phone are being sent: it joins your list once they are.',
      }
    : {
        title: 'Waiting to sync',
        description: 'No connection: this certificate is kept on this phone and sent as soon as you are back online.',
      };

/** The phone could not keep the work (`error`: why): said plainly, storage full above all. */
export function couldNotKeepToast(error: unknown): ToastInput {
  return {
    title: 'Error',
    description: isQuotaExceeded(error)
      ? 'This phone has no room left to keep the certificate. Free some space (old photos, videos or apps), then save again: your entries are still here.'
      : 'This phone could not keep the certificate. Your entries are still here: save again.',
    variant: 'destructive',
  };
}

/** After an edit went into the outbox without being tried: sent now (photos from this phone), or once back online. */
export const editOutboxToast = (): ToastInput =>
  navigator.onLine
    ? { title: 'Sending', description: 'Your changes and the photos from this phone are being sent.' }
    : {
        title: 'Waiting to sync',
        description: 'No connection: your changes are kept on this phone and sent as soon as you are back online.',
      };
