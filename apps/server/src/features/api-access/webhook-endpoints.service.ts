import {
  apiAccessMessages,
  errorCodes,
  WEBHOOK_ENDPOINTS_PER_BUSINESS,
  type WebhookEndpoint,
  type webhookEndpointRequestSchema,
} from '@app/contract';
import type { z } from 'zod/mini';
import type { Database, Queryable } from '../../db/client.ts';
import type { AuditEventBody } from '../../platform/audit/audit-events.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { RequestMetadata } from '../../platform/http/request-metadata.ts';
import { apiAccessErrors, assertPremium } from './api-access-errors.ts';
import { addressRefusalMessages, resolveWebhookTarget, type WebhookAddressPolicy } from './webhook-address.ts';
import { webhookSecret } from './webhook-sender.ts';
import { type WebhookEndpointRow, webhooksRepo } from './webhooks.repo.ts';

/** After a rotation, how long deliveries are signed with the previous secret as well (ADR 0055). */
const PREVIOUS_SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

type WebhookEndpointInput = z.output<typeof webhookEndpointRequestSchema>;

/**
 * The business's webhook endpoints (ADR 0055, 0077): Premium registers https endpoints for document events,
 * each with a signing secret answered once; a disabled one is turned back on here, and a secret
 * rotated. What is sent to them is webhook-deliveries.service.ts's job.
 */
export class WebhookEndpointsService {
  constructor(
    private readonly dependencies: {
      db: Database;
      now: () => Date;
      secretKey: () => Promise<string>;
      addressPolicy: WebhookAddressPolicy;
    },
  ) {}

  private get db() {
    return this.dependencies.db;
  }

  async list(caller: AuthenticatedCaller): Promise<{ endpoints: WebhookEndpoint[] }> {
    return { endpoints: (await webhooksRepo.listEndpoints(this.db, caller.businessId)).map(presentEndpoint) };
  }

  async create(
    caller: AuthenticatedCaller,
    input: WebhookEndpointInput,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    await assertPremium(this.db, caller.businessId, this.dependencies.now());
    const target = await resolveWebhookTarget(input.url, this.dependencies.addressPolicy);
    if ('refused' in target) {
      const message = addressRefusalMessages[target.refused];
      throw new AppError(422, errorCodes.unprocessable, message, [{ path: 'url', message }]);
    }
    const row = await this.db.transaction(async (tx) => {
      await webhooksRepo.lockBusiness(tx, caller.businessId);
      if ((await webhooksRepo.countEndpoints(tx, caller.businessId)) >= WEBHOOK_ENDPOINTS_PER_BUSINESS) {
        throw new AppError(409, errorCodes.conflict, apiAccessMessages.webhookLimit);
      }
      return webhooksRepo.insertEndpoint(tx, {
        businessId: caller.businessId,
        userId: caller.userId,
        url: target.url.href,
        events: [...new Set(input.events)],
      });
    });
    return { endpoint: presentEndpoint(row), secret: await this.secretOf(row) };
  }

  /** Turns a disabled endpoint back on with its failures forgotten (audited); an enabled one is answered as it is. */
  async enable(caller: AuthenticatedCaller, id: string, origin: RequestMetadata): Promise<WebhookEndpoint> {
    await assertPremium(this.db, caller.businessId, this.dependencies.now());
    const row = await this.db.transaction(async (tx) => {
      const enabled = await webhooksRepo.enableEndpoint(tx, caller.businessId, id);
      if (!enabled) return webhooksRepo.findEndpoint(tx, caller.businessId, id);
      await this.record(tx, caller.userId, origin, { type: 'webhook.enabled', data: { endpointId: enabled.id } });
      return enabled;
    });
    if (!row) throw apiAccessErrors.webhookNotFound();
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
    await assertPremium(this.db, caller.businessId, this.dependencies.now());
    const previousUntil = new Date(this.dependencies.now().getTime() + PREVIOUS_SECRET_OVERLAP_MS);
    const row = await this.db.transaction(async (tx) => {
      const rotated = await webhooksRepo.rotateSecret(tx, caller.businessId, id, previousUntil);
      if (!rotated) throw apiAccessErrors.webhookNotFound();
      await this.record(tx, caller.userId, origin, {
        type: 'webhook.secret_rotated',
        data: { endpointId: rotated.id, secretVersion: rotated.secretVersion },
      });
      return rotated;
    });
    return { endpoint: presentEndpoint(row), secret: await this.secretOf(row) };
  }

  async delete(caller: AuthenticatedCaller, id: string): Promise<void> {
    if (!(await webhooksRepo.deleteEndpoint(this.db, caller.businessId, id))) throw apiAccessErrors.webhookNotFound();
  }

  private async secretOf(endpoint: WebhookEndpointRow): Promise<string> {
    return webhookSecret(await this.dependencies.secretKey(), endpoint.id, endpoint.secretVersion);
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
