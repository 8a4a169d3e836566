import { apiAccessMessages, errorCodes, type WebhookDelivery } from '@app/contract';
import type { Database, Queryable } from '../../db/client.ts';
import { businessOf } from '../../platform/accounts/business.ts';
import { entitlements } from '../../platform/entitlements/entitlements.ts';
import { AppError } from '../../platform/errors.ts';
import type { OutboundEvent } from '../../platform/events/outbound-events.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { escapeHtml, type Mailer } from '../../platform/mail/mailer.ts';
import { apiAccessErrors, assertPremium } from './api-access-errors.ts';
import { addressRefusalMessages, resolveWebhookTarget, type WebhookAddressPolicy } from './webhook-address.ts';
import { sendWebhook, webhookSecret } from './webhook-sender.ts';
import {
  type WebhookAttemptRow,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhooksRepo,
} from './webhooks.repo.ts';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';
export const WEBHOOK_DISABLED_EMAIL_QUEUE = 'webhook-disabled-email';
/** Daily: the delivery log keeps 30 days. */
export const WEBHOOK_LOG_SWEEP_QUEUE = 'webhook-log-sweep';
const WEBHOOK_LOG_DAYS = 30;
export type WebhookDeliveryJob = { deliveryId: string };
export type WebhookDisabledEmailJob = { endpointId: string };

/** How deliveries are made (config.ts; ADR 0055). */
export type WebhookSettings = WebhookAddressPolicy & {
  /** Attempts of one delivery (the first and its retries, with exponential backoff from retryDelaySeconds). */
  attempts: number;
  retryDelaySeconds: number;
  /** One attempt's deadline: connecting, waiting for and reading the answer. */
  timeoutMs: number;
  /** Deliveries that failed every attempt, in a row, after which the endpoint is disabled and its owner mailed. */
  disableAfterFailedDeliveries: number;
};

/**
 * What is sent to webhook endpoints (ADR 0055): each event becomes a delivery per listening endpoint
 * and a job, in the transaction of the change; the job checks the address again after DNS, signs and
 * posts, retrying with backoff. An endpoint that keeps failing is disabled and its owner emailed. The
 * owner reads the delivery log and may resend a delivery.
 */
export class WebhookDeliveriesService {
  constructor(
    private readonly dependencies: {
      db: Database;
      now: () => Date;
      jobs: JobQueue;
      mailer: Mailer;
      secretKey: () => Promise<string>;
      publicOrigin: () => string;
      settings: WebhookSettings;
    },
  ) {}

  private get db() {
    return this.dependencies.db;
  }

  async list(caller: AuthenticatedCaller, endpointId: string): Promise<{ deliveries: WebhookDelivery[] }> {
    const endpoint = await webhooksRepo.findEndpoint(this.db, caller.businessId, endpointId);
    if (!endpoint) throw apiAccessErrors.webhookNotFound();
    const { deliveries, attempts } = await webhooksRepo.log(this.db, endpoint.id);
    return {
      deliveries: deliveries.map((delivery) =>
        presentDelivery(
          delivery,
          attempts.filter((attempt) => attempt.deliveryId === delivery.id),
        ),
      ),
    };
  }

  /** "Resend": the same delivery (same id and body) as a new round of attempts, through the queue. */
  async resend(caller: AuthenticatedCaller, id: string): Promise<WebhookDelivery> {
    await assertPremium(this.db, caller.businessId, this.dependencies.now());
    const delivery = await this.db.transaction(async (tx) => {
      const found = await webhooksRepo.findOwnedDelivery(tx, caller.businessId, id);
      if (!found) throw apiAccessErrors.deliveryNotFound();
      if (found.endpoint.disabledAt) throw new AppError(409, errorCodes.conflict, apiAccessMessages.webhookDisabled);
      if (found.delivery.status === 'pending') {
        throw new AppError(409, errorCodes.conflict, 'This delivery is still being sent. Wait for it to finish.');
      }
      const pending = await webhooksRepo.setDeliveryStatus(tx, found.delivery.id, 'pending', { newRound: true });
      await this.dependencies.jobs.enqueue<WebhookDeliveryJob>(tx, WEBHOOK_DELIVERY_QUEUE, { deliveryId: pending.id });
      return pending;
    });
    this.dependencies.jobs.wake(WEBHOOK_DELIVERY_QUEUE);
    return presentDelivery(delivery, await webhooksRepo.attemptsOf(this.db, delivery.id));
  }

  /**
   * The listener app.ts hands the features' events to: a delivery and its job per listening endpoint
   * of the document's business while it is Premium, whoever made the document, on the caller's transaction.
   */
  readonly onEvent = async (tx: Queryable, event: OutboundEvent): Promise<void> => {
    const endpoints = await webhooksRepo.listening(tx, event, event.type);
    const [first] = endpoints;
    if (!first) return;
    if (!(await entitlements.of(tx, first.businessId, this.dependencies.now())).premium) return;
    const body = JSON.stringify({
      type: event.type,
      timestamp: this.dependencies.now().toISOString(),
      data: event.data,
    });
    for (const endpoint of endpoints) {
      const delivery = await webhooksRepo.insertDelivery(tx, { endpointId: endpoint.id, event: event.type, body });
      await this.dependencies.jobs.enqueue<WebhookDeliveryJob>(tx, WEBHOOK_DELIVERY_QUEUE, {
        deliveryId: delivery.id,
      });
    }
  };

  /**
   * The queue's worker: one attempt, recorded. It throws (so the queue retries with backoff) while
   * attempts remain; the last failed one fails the delivery and counts against the endpoint.
   */
  async deliver(job: WebhookDeliveryJob): Promise<void> {
    const { settings, jobs } = this.dependencies;
    const found = await webhooksRepo.findDelivery(this.db, job.deliveryId);
    if (found?.delivery.status !== 'pending' || found.endpoint.disabledAt) return;
    // No transaction waits on the network: the attempt is made first, then recorded.
    const result = await this.attempt(found.endpoint, found.delivery);
    const outcome = await this.db.transaction(async (tx) => {
      const attempts = await webhooksRepo.recordAttempt(tx, { deliveryId: found.delivery.id, ...result });
      if (result.ok) {
        await webhooksRepo.setDeliveryStatus(tx, found.delivery.id, 'succeeded');
        await webhooksRepo.resetFailures(tx, found.endpoint.id);
        return 'delivered';
      }
      if (attempts < settings.attempts) return 'retry';
      // A retry that replaced this attempt (past its deadline) may have failed the delivery already.
      if (!(await webhooksRepo.failPending(tx, found.delivery.id))) return 'failed';
      if (!(await webhooksRepo.countFailure(tx, found.endpoint.id, settings.disableAfterFailedDeliveries))) {
        return 'failed';
      }
      await jobs.enqueue<WebhookDisabledEmailJob>(tx, WEBHOOK_DISABLED_EMAIL_QUEUE, { endpointId: found.endpoint.id });
      return 'disabled';
    });
    if (outcome === 'disabled') jobs.wake(WEBHOOK_DISABLED_EMAIL_QUEUE);
    if (outcome === 'retry') throw new Error(`webhook delivery ${job.deliveryId} failed; retrying`);
  }

  /** The address is checked again after DNS, at send time, and the connection pinned to it. */
  private async attempt(endpoint: WebhookEndpointRow, delivery: WebhookDeliveryRow) {
    const target = await resolveWebhookTarget(endpoint.url, this.dependencies.settings);
    if ('refused' in target) return { statusCode: null, ok: false, error: addressRefusalMessages[target.refused] };
    return sendWebhook(
      target,
      {
        id: delivery.id,
        timestampSeconds: Math.floor(this.dependencies.now().getTime() / 1000),
        body: delivery.body,
        secrets: await this.signingSecretsOf(endpoint),
      },
      this.dependencies.settings.timeoutMs,
    );
  }

  /** The current secret, and the previous one while a rotation's overlap lasts. */
  private async signingSecretsOf(endpoint: WebhookEndpointRow): Promise<string[]> {
    const key = await this.dependencies.secretKey();
    const current = webhookSecret(key, endpoint.id, endpoint.secretVersion);
    const overlapping = endpoint.previousSecretUntil && endpoint.previousSecretUntil > this.dependencies.now();
    if (!overlapping) return [current];
    return [current, webhookSecret(key, endpoint.id, endpoint.secretVersion - 1)];
  }

  sweepLog(): Promise<number> {
    return webhooksRepo.sweepLog(this.db, WEBHOOK_LOG_DAYS);
  }

  /** Tells the business's owner its endpoint was disabled, and how to turn deliveries back on. */
  async mailDisabled(job: WebhookDisabledEmailJob): Promise<void> {
    const endpoint = await webhooksRepo.findEndpointById(this.db, job.endpointId);
    if (!endpoint?.disabledAt) return;
    const owner = await businessOf(this.db, endpoint.businessId);
    if (!owner) return;
    const link = `${this.dependencies.publicOrigin()}/profile/api`;
    const text = [
      `Your webhook endpoint ${endpoint.url} failed ${this.dependencies.settings.disableAfterFailedDeliveries} deliveries in a row, so we stopped sending to it.`,
      '',
      'Check that it answers with a 2xx status, then turn it back on in your profile:',
      link,
    ].join('\n');
    await this.dependencies.mailer.send({
      to: owner.email,
      subject: 'Your webhook endpoint was disabled',
      text,
      html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
      link,
    });
  }
}

/** The attempts the log shows per delivery: the latest. */
const ATTEMPTS_SHOWN = 20;

function presentDelivery(row: WebhookDeliveryRow, attempts: WebhookAttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    attempts: attempts.slice(-ATTEMPTS_SHOWN).map((attempt) => ({
      attempted_at: attempt.attemptedAt.toISOString(),
      status_code: attempt.statusCode,
      ok: attempt.ok,
      error: attempt.error,
    })),
  };
}
