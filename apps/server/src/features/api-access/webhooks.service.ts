import {
  apiAccessMessages,
  errorCodes,
  WEBHOOK_ENDPOINTS_PER_USER,
  type WebhookDelivery,
  type WebhookEndpoint,
  type webhookEndpointRequestSchema,
} from '@app/contract';
import type { z } from 'zod/mini';
import type { Database, Queryable } from '../../db/client.ts';
import { businessOf } from '../../platform/accounts/business.ts';
import type { AuditEventBody } from '../../platform/audit/audit-events.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import { entitlements } from '../../platform/entitlements/entitlements.ts';
import { AppError } from '../../platform/errors.ts';
import type { OutboundEvent } from '../../platform/events/outbound-events.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { escapeHtml, type Mailer } from '../../platform/mail/mailer.ts';
import { apiAccessErrors } from './api-tokens.service.ts';
import { type AddressRefusal, resolveWebhookTarget, type WebhookAddressPolicy } from './webhook-address.ts';
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
/** After a rotation, how long deliveries are signed with the previous secret as well (ADR 0055). */
const PREVIOUS_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;
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

type WebhookEndpointInput = z.output<typeof webhookEndpointRequestSchema>;

const refusalMessages: Record<AddressRefusal, string> = {
  not_https: apiAccessMessages.webhookHttpsOnly,
  refused_address: apiAccessMessages.webhookAddressRefused,
  unknown_host: apiAccessMessages.webhookHostUnknown,
};

const notFound = (message: string) => new AppError(404, errorCodes.notFound, message);

/**
 * Webhooks (issue 31, ADR 0055): Premium registers https endpoints for document events. Each event
 * becomes a delivery per listening endpoint and a job, in the transaction of the change; the job
 * checks the address again after DNS, signs and posts, retrying with backoff. An endpoint that keeps
 * failing is disabled and its owner emailed.
 */
export class WebhooksService {
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

  async list(caller: AuthenticatedCaller): Promise<{ endpoints: WebhookEndpoint[] }> {
    return { endpoints: (await webhooksRepo.listEndpoints(this.db, caller.userId)).map(presentEndpoint) };
  }

  async create(
    caller: AuthenticatedCaller,
    input: WebhookEndpointInput,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    await this.assertPremium(caller.userId);
    const target = await resolveWebhookTarget(input.url, this.dependencies.settings);
    if ('refused' in target) {
      throw new AppError(422, errorCodes.unprocessable, refusalMessages[target.refused], [
        { path: 'url', message: refusalMessages[target.refused] },
      ]);
    }
    const row = await this.db.transaction(async (tx) => {
      await webhooksRepo.lockOwner(tx, caller.userId);
      if ((await webhooksRepo.countEndpoints(tx, caller.userId)) >= WEBHOOK_ENDPOINTS_PER_USER) {
        throw new AppError(409, errorCodes.conflict, apiAccessMessages.webhookLimit);
      }
      return webhooksRepo.insertEndpoint(tx, {
        userId: caller.userId,
        url: target.url.href,
        events: [...new Set(input.events)],
      });
    });
    return { endpoint: presentEndpoint(row), secret: await this.secretOf(row) };
  }

  /** Turns a disabled endpoint back on with its failures forgotten (audited); an enabled one is answered as it is. */
  async enable(caller: AuthenticatedCaller, id: string, origin: RequestMetadata): Promise<WebhookEndpoint> {
    await this.assertPremium(caller.userId);
    const row = await this.db.transaction(async (tx) => {
      const enabled = await webhooksRepo.enableEndpoint(tx, caller.userId, id);
      if (!enabled) return webhooksRepo.findEndpoint(tx, caller.userId, id);
      await this.record(tx, caller.userId, origin, { type: 'webhook.enabled', data: { endpointId: enabled.id } });
      return enabled;
    });
    if (!row) throw notFound(apiAccessMessages.webhookNotFound);
    return presentEndpoint(row);
  }

  /**
   * A new signing secret, answered once (audited). Deliveries are signed with the previous one as
   * well for a day, so a receiver keeps verifying while its owner swaps the secret in.
   */
  async rotateSecret(
    caller: AuthenticatedCaller,
    id: string,
    origin: RequestMetadata,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    await this.assertPremium(caller.userId);
    const previousUntil = new Date(this.dependencies.now().getTime() + PREVIOUS_SECRET_OVERLAP_MS);
    const row = await this.db.transaction(async (tx) => {
      const rotated = await webhooksRepo.rotateSecret(tx, caller.userId, id, previousUntil);
      if (!rotated) throw notFound(apiAccessMessages.webhookNotFound);
      await this.record(tx, caller.userId, origin, {
        type: 'webhook.secret_rotated',
        data: { endpointId: rotated.id, secretVersion: rotated.secretVersion },
      });
      return rotated;
    });
    return { endpoint: presentEndpoint(row), secret: await this.secretOf(row) };
  }

  async delete(caller: AuthenticatedCaller, id: string): Promise<void> {
    if (!(await webhooksRepo.deleteEndpoint(this.db, caller.userId, id))) {
      throw notFound(apiAccessMessages.webhookNotFound);
    }
  }

  async deliveries(caller: AuthenticatedCaller, id: string): Promise<{ deliveries: WebhookDelivery[] }> {
    const endpoint = await webhooksRepo.findEndpoint(this.db, caller.userId, id);
    if (!endpoint) throw notFound(apiAccessMessages.webhookNotFound);
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
    await this.assertPremium(caller.userId);
    const delivery = await this.db.transaction(async (tx) => {
      const found = await webhooksRepo.findOwnedDelivery(tx, caller.userId, id);
      if (!found) throw notFound(apiAccessMessages.deliveryNotFound);
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
   * of a Premium owner, on the caller's transaction.
   */
  readonly onEvent = async (tx: Queryable, event: OutboundEvent): Promise<void> => {
    const endpoints = await webhooksRepo.listening(tx, event.userId, event.type);
    if (endpoints.length === 0) return;
    if (!(await entitlements.of(tx, event.userId, this.dependencies.now())).premium) return;
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
    if ('refused' in target) return { statusCode: null, ok: false, error: refusalMessages[target.refused] };
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

  private async secretOf(endpoint: WebhookEndpointRow): Promise<string> {
    return webhookSecret(await this.dependencies.secretKey(), endpoint.id, endpoint.secretVersion);
  }

  /** The current secret, and the previous one while a rotation's overlap lasts. */
  private async signingSecretsOf(endpoint: WebhookEndpointRow): Promise<string[]> {
    const key = await this.dependencies.secretKey();
    const current = webhookSecret(key, endpoint.id, endpoint.secretVersion);
    const overlapping = endpoint.previousSecretUntil && endpoint.previousSecretUntil > this.dependencies.now();
    if (!overlapping) return [current];
    return [current, webhookSecret(key, endpoint.id, endpoint.secretVersion - 1)];
  }

  private record(
    tx: Queryable,
    userId: string,
    origin: RequestMetadata,
    event: Extract<AuditEventBody, { type: 'webhook.enabled' | 'webhook.secret_rotated' }>,
  ) {
    return audit.record(tx, {
      ...event,
      actor: { kind: 'user', userId },
      subject: { kind: 'user', id: userId },
      origin,
    });
  }

  sweepLog(): Promise<number> {
    return webhooksRepo.sweepLog(this.db, WEBHOOK_LOG_DAYS);
  }

  /** Tells the owner their endpoint was disabled, and how to turn deliveries back on. */
  async mailDisabled(job: WebhookDisabledEmailJob): Promise<void> {
    const endpoint = await webhooksRepo.findEndpointById(this.db, job.endpointId);
    if (!endpoint?.disabledAt) return;
    const owner = await businessOf(this.db, endpoint.userId);
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

  private async assertPremium(userId: string) {
    if (!(await entitlements.of(this.db, userId, this.dependencies.now())).premium) throw apiAccessErrors.premium();
  }
}

function presentEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    created_at: row.createdAt.toISOString(),
    disabled_at: row.disabledAt?.toISOString() ?? null,
    previous_secret_until: row.previousSecretUntil?.toISOString() ?? null,
  };
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
