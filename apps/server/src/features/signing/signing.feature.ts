import { storedSecret } from '../../platform/crypto/secrets.ts';
import type { SignableDocumentSource } from '../../platform/documents/signable-source.ts';
import type { FeatureDeps, FeatureModule } from '../../platform/feature-module.ts';
import { defineJob } from '../../platform/jobs/job-queue.ts';
import { mailQueueSettings } from '../../platform/mail/mailer.ts';
import { signingRoutes } from './signing.routes.ts';
import { SigningService } from './signing.service.ts';
import {
  SIGNING_EMAIL_QUEUE,
  SIGNING_SWEEP_CRON,
  SIGNING_SWEEP_QUEUE,
  type SigningEmailJob,
  signingSweepQueueSettings,
} from './signing-queues.ts';

/**
 * Signing by link (ADR 0017) of every kind in `sources`, which each document feature hands over
 * (signing imports none of them); its mails and the sweep of reminders and expiries.
 */
export function signingFeature(
  deps: FeatureDeps,
  settings: { reminderDays: number },
  sources: readonly SignableDocumentSource[],
): FeatureModule {
  const service = new SigningService({
    db: deps.db,
    jobs: deps.jobs,
    mailer: deps.mail,
    rateLimiter: deps.limits,
    storedFiles: deps.files,
    sources,
    linkSecret: storedSecret(deps.db, 'signing-links'),
    publicOrigin: deps.publicOrigin,
    reminderDays: settings.reminderDays,
    clock: deps.clock,
    pdfRenderer: deps.pdfRenderer,
    pdfSeal: deps.pdfSeal,
    events: deps.events,
  });
  return {
    routes: signingRoutes(service),
    jobs: [
      defineJob<SigningEmailJob>({
        name: SIGNING_EMAIL_QUEUE,
        settings: mailQueueSettings,
        handler: (job) => service.jobs.deliverEmail(job),
      }),
      defineJob({
        name: SIGNING_SWEEP_QUEUE,
        settings: signingSweepQueueSettings,
        cron: SIGNING_SWEEP_CRON,
        handler: async () => {
          const { reminded, expired } = await service.jobs.sweep();
          if (reminded + expired > 0) deps.logger.info({ reminded, expired }, 'signing sweep');
          if (reminded > 0) deps.jobs.wake(SIGNING_EMAIL_QUEUE);
        },
      }),
    ],
  };
}
