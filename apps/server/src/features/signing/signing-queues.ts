import type { SignableDocumentKind } from '@app/contract';
import type { QueueSettings } from '../../platform/jobs/job-queue.ts';

/**
 * Signing's mails, sent from the job queue: a signer's link (or its reminder); the owner's news that
 * one signed, declined, or all signed; each signer's signed copy; a document sent to a builder.
 */
export const SIGNING_EMAIL_QUEUE = 'signing-email';
export type SigningEmailJob =
  | { type: 'invitation'; requestId: string; reminder: boolean }
  | { type: 'completed'; requestId: string; kind: SignableDocumentKind; documentId: string; version: number }
  | { type: 'signed' | 'declined' | 'signed_copy'; requestId: string }
  | { type: 'document_send'; sendId: string };

/** Reminders and expiries are found by a sweep every 10 minutes (UTC cron), once across instances. */
export const SIGNING_SWEEP_QUEUE = 'signing-sweep';
export const SIGNING_SWEEP_CRON = '*/10 * * * *';
export const signingSweepQueueSettings: QueueSettings = { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 300 };
