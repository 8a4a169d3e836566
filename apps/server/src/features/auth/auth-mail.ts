import { type EmailLinkType, type RateLimitRule, rateLimits } from '@app/contract';
import type { QueueSettings } from '../../platform/jobs/job-queue.ts';
import { mailQueueSettings } from '../../platform/mail/mailer.ts';

/** The queue that mails confirmation and recovery links (after the request's transaction commits). */
export const AUTH_EMAIL_QUEUE = 'auth-email';
/**
 * A link to mail (an email change's goes to `newEmail`), or the notice that tells the old address
 * an email change was asked for (ADR 0020).
 */
export type AuthEmailJob =
  | { userId: string; type: EmailLinkType; codeChallenge?: string | undefined; newEmail?: string | undefined }
  | { userId: string; notice: 'email_change_requested'; newEmail: string };
/**
 * Mail to people who already have an account (recovery, email change) goes ahead of sign-up mail: a
 * flood of sign-ups never holds up someone locked out of their account.
 */
const authEmailPriority = (job: AuthEmailJob) => ('type' in job && job.type === 'signup' ? 0 : 10);
export const authEmailQueueSettings: QueueSettings = {
  ...mailQueueSettings,
  priorityOf: (job) => authEmailPriority(job as AuthEmailJob),
};

/** One address's mail of one kind (a confirmation never blocks a password reset). */
export const mailPerEmailRule = (type: EmailLinkType): RateLimitRule => ({
  ...rateLimits.mailPerEmail,
  name: `${rateLimits.mailPerEmail.name}:${type}`,
});
