import { certificateEndpoints } from '@app/contract';
import type { ToastInput } from '../../components/ui/notifications/index.ts';
import type { OutboxChange } from '../../lib/outbox/outbox.ts';
import { queueChange } from '../../lib/outbox/outbox-sync.ts';
import type { CertificateSave } from './api/create-certificate.ts';
import { createRequestOf } from './certificate-form.ts';

/*
 * New certificates saved with no connection (issue 23, ADR 0035): the create goes into the outbox
 * with the id the form made, and is sent once the phone is back online. The server makes one
 * certificate however often it arrives (ADR 0032), and applies its rules then: a free user's
 * completed certificate past the month's limit is refused and stays on the phone.
 */

const SUBJECT = 'certificate:';

/** Queues the certificate, after the uploads of its photos kept on this phone (they go first, so it can name them). */
export async function queueNewCertificate(userId: string, save: CertificateSave) {
  const subject = `${SUBJECT}${save.clientId}`;
  const label = save.values.jobSiteAddress.trim() || 'No address yet';
  const createdAt = new Date().toISOString();
  for (const photo of save.values.photos.filter((value) => value.local)) {
    await queueChange({
      userId,
      subject,
      label,
      request: {
        method: 'POST',
        path: `${certificateEndpoints.uploadPhoto.path}?id=${photo.fileId}`,
        photoId: photo.fileId,
      },
      createdAt,
    });
  }
  await queueChange({
    userId,
    subject,
    label,
    request: {
      method: certificateEndpoints.create.method,
      path: certificateEndpoints.create.path,
      body: createRequestOf(save.values, userId, save.status, save.clientId),
    },
    createdAt,
  });
}

/** Whether the save must go through the outbox: it has photos only this phone has. */
export const needsOutbox = (save: CertificateSave) => save.values.photos.some((photo) => photo.local);

export const isCertificateChange = (change: OutboxChange) => change.subject.startsWith(SUBJECT);

export const waitingToSyncToast: ToastInput = {
  title: 'Waiting to sync',
  description: 'No connection: this certificate is kept on this phone and sent as soon as you are back online.',
};
