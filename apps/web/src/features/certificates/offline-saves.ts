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

export function queueNewCertificate(userId: string, save: CertificateSave) {
  return queueChange({
    userId,
    subject: `${SUBJECT}${save.clientId}`,
    label: save.values.jobSiteAddress.trim() || 'No address yet',
    request: {
      method: certificateEndpoints.create.method,
      path: certificateEndpoints.create.path,
      body: createRequestOf(save.values, userId, save.status, save.clientId),
    },
    createdAt: new Date().toISOString(),
  });
}

export const isCertificateChange = (change: OutboxChange) => change.subject.startsWith(SUBJECT);

export const waitingToSyncToast: ToastInput = {
  title: 'Waiting to sync',
  description: 'No connection: this certificate is kept on this phone and sent as soon as you are back online.',
};
