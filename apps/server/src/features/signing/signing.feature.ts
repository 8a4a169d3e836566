import { storedSecret } from '../../platform/crypto/secrets.ts';
import type { SignableDocumentSource } from '../../platform/documents/signable-source.ts';
import type { Feature, FeatureDeps, FeatureModule } from '../../platform/feature-module.ts';
import { defineJob } from '../../platform/jobs/job-queue.ts';
import { mailQueueSettings } from '../../platform/mail/mailer.ts';
import { signingRoutes } from './signing.routes.ts';
import { SigningService } from './signing.service.ts';
import { signingFileReferences } from './signing-files.ts';
import {
  SIGNING_EMAIL_QUEUE,
  SIGNING_SWEEP_CRON,
  SIGNING_SWEEP_QUEUE,
  type SigningEmailJob,
  signingSweepQueueSettings,
} from './signing-queues.ts';

/**
 * Signing by link (ADR 0017) of every kind the document features offer (signing imports none of
 * them; they come before it in the feature list); its mails and the sweep of reminders and expiries.
 */
export const signingFeature: Feature<{ signingReminderDays: number }> = {
  name: 'signing',
  fileReferences: [signingFileReferences],
  build: (deps, settings, joints) =>
    signingModule(deps, { reminderDays: settings.signingReminderDays }, joints.signableSources),
};

function signingModule(
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
