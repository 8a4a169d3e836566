import { storedSecret } from '../../platform/crypto/secrets.ts';
import type { Feature, FeatureDeps, FeatureModule } from '../../platform/feature-module.ts';
import { defineJob } from '../../platform/jobs/job-queue.ts';
import { mailQueueSettings } from '../../platform/mail/mailer.ts';
import { apiAccessRoutes } from './api-access.routes.ts';
import { apiTokensRepo } from './api-tokens.repo.ts';
import { ApiTokensService } from './api-tokens.service.ts';
import {
  WEBHOOK_DELIVERY_QUEUE,
  WEBHOOK_DISABLED_EMAIL_QUEUE,
  WEBHOOK_LOG_SWEEP_QUEUE,
  WebhookDeliveriesService,
  type WebhookDeliveryJob,
  type WebhookDisabledEmailJob,
  type WebhookSettings,
} from './webhook-deliveries.service.ts';
import { WebhookEndpointsService } from './webhook-endpoints.service.ts';

/**
 * API access (ADR 0055): personal API tokens, offered to the auth hooks, and webhooks, which
 * listen to the features' outbound events (deps.events).
 */
export const apiAccessFeature: Feature<{ webhooks: WebhookSettings }> = {
  name: 'api-access',
  build: (deps, settings) => apiAccessModule(deps, settings.webhooks),
};

function apiAccessModule(deps: FeatureDeps, settings: WebhookSettings): FeatureModule {
  const tokens = new ApiTokensService(deps.db, deps.clock, deps.limits);
  const secretKey = storedSecret(deps.db, 'webhook-secrets');
  const endpoints = new WebhookEndpointsService({ db: deps.db, now: deps.clock, secretKey, addressPolicy: settings });
  const deliveries = new WebhookDeliveriesService({
    db: deps.db,
    now: deps.clock,
    jobs: deps.jobs,
    mailer: deps.mail,
    secretKey,
    publicOrigin: deps.publicOrigin,
    settings,
  });
  deps.events.listen(deliveries.onEvent);
  return {
    routes: apiAccessRoutes(tokens, endpoints, deliveries),
    offers: { authenticateApiToken: tokens.authenticate, revokeApiTokensOf: apiTokensRepo.revokeAllOf },
    jobs: [
      defineJob<WebhookDeliveryJob>({
        name: WEBHOOK_DELIVERY_QUEUE,
        settings: {
          retryLimit: settings.attempts - 1,
          retryDelaySeconds: settings.retryDelaySeconds,
          // Past its own deadline an attempt is over: the queue may retry it soon after.
          expireInSeconds: Math.ceil(settings.timeoutMs / 1000) + 30,
          batchSize: 10,
        },
        handler: (job) => deliveries.deliver(job),
      }),
      defineJob<WebhookDisabledEmailJob>({
        name: WEBHOOK_DISABLED_EMAIL_QUEUE,
        settings: mailQueueSettings,
        handler: (job) => deliveries.mailDisabled(job),
      }),
      defineJob({
        name: WEBHOOK_LOG_SWEEP_QUEUE,
        settings: { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 300 },
        cron: '23 3 * * *',
        handler: async () => {
          const forgotten = await deliveries.sweepLog();
          if (forgotten > 0) deps.logger.info({ forgotten }, 'webhook log sweep');
        },
      }),
    ],
  };
}
