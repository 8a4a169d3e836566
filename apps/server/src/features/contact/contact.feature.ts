import type { Feature, FeatureDeps, FeatureModule } from '../../platform/feature-module.ts';
import { defineJob } from '../../platform/jobs/job-queue.ts';
import { mailQueueSettings } from '../../platform/mail/mailer.ts';
import { contactRoutes } from './contact.routes.ts';
import { CONTACT_EMAIL_QUEUE, type ContactEmailJob, ContactService } from './contact.service.ts';

/** /contact: messages stored, then mailed to support from the queue; admins read them. */
export const contactFeature: Feature<{ supportEmail: string }> = {
  name: 'contact',
  build: (deps, settings) => contactModule(deps, settings),
};

function contactModule(deps: FeatureDeps, settings: { supportEmail: string }): FeatureModule {
  const service = new ContactService({
    db: deps.db,
    jobs: deps.jobs,
    mailer: deps.mail,
    supportEmail: settings.supportEmail,
  });
  return {
    routes: contactRoutes(service),
    jobs: [
      defineJob<ContactEmailJob>({
        name: CONTACT_EMAIL_QUEUE,
        settings: mailQueueSettings,
        handler: (job) => service.deliver(job),
      }),
    ],
  };
}
