import type { Session, WebhookEndpoint } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { grantPremium } from '../support/entitlements.ts';
import { eventually, startWebhookReceiver } from '../support/webhook-receiver.ts';

/*
 * Issue 31 under concurrency (ADR 0055): deliveries to one endpoint are worked in parallel (a batch
 * per instance, and several instances), so the failures that disable an endpoint race each other.
 * The receiver holds every request until the test answers, so the deliveries are truly in flight
 * together and their outcomes are recorded at once, or in the order the test chooses.
 */

const DISABLE_AFTER = 3;
const BURST = '/burst';
const AFTER_SUCCESS = '/after-success';
const OVERTAKEN = '/overtaken';
const receiver = await startWebhookReceiver({}, { held: [BURST, AFTER_SUCCESS, OVERTAKEN] });
afterAll(() => receiver.close());

const { database, mail, app, query } = setUpTestApp({
  settings: {
    webhooks: {
      allowLoopbackForTests: true,
      // One attempt a delivery: each answer is the delivery's outcome. Long enough that a held
      // request is never given up on while the test decides its answer.
      attempts: 1,
      retryDelaySeconds: 1,
      timeoutMs: 60_000,
      disableAfterFailedDeliveries: DISABLE_AFTER,
    },
  },
});

let owner: Session;
beforeAll(async () => {
  owner = await registerConfirmedUser(app, mail);
  await grantPremium(database.db, owner.user.id);
});

/** An endpoint on a held path of its own. */
async function heldEndpoint(path: string): Promise<WebhookEndpoint> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: bearer(owner),
    payload: { url: receiver.url(path), events: ['certificate.issued'] },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().endpoint;
}

/**
 * `count` deliveries to the endpoint (or `count` jobs of one delivery), queued in one transaction so
 * one batch takes them all, and waited for until every one of them is at the receiver, unanswered.
 */
async function inFlight(endpoint: WebhookEndpoint, count: number, options: { sameDelivery?: boolean } = {}) {
  const { rows } = await query(
    `insert into webhook_deliveries (endpoint_id, event, body)
       select $1, 'certificate.issued', '{}' from generate_series(1, $2) returning id`,
    [endpoint.id, options.sameDelivery ? 1 : count],
  );
  const deliveryIds = options.sameDelivery
    ? Array.from({ length: count }, () => rows[0].id)
    : rows.map((row) => row.id);
  await database.db.transaction(async (tx) => {
    for (const deliveryId of deliveryIds) await app.jobQueue.enqueue(tx, 'webhook-delivery', { deliveryId });
  });
  app.jobQueue.wake('webhook-delivery');
  await eventually(
    () => receiver.waiting(new URL(endpoint.url).pathname) === count,
    `${count} deliveries in flight together`,
  );
}

async function recordedAttempts(endpointId: string, count: number): Promise<void> {
  await eventually(async () => {
    const { rows } = await query(
      `select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
        where d.endpoint_id = $1`,
      [endpointId],
    );
    return rows[0].n === count;
  }, `${count} attempts recorded`);
}

async function endpointRow(endpointId: string) {
  const { rows } = await query('select failed_deliveries_in_a_row, disabled_at from webhook_endpoints where id = $1', [
    endpointId,
  ]);
  return rows[0] as { failed_deliveries_in_a_row: number; disabled_at: Date | null };
}

/** The owner's notices of this endpoint's disabling: queued ones, then (once all are sent) mailed ones. */
async function disabledNotices(endpoint: WebhookEndpoint) {
  const queued = await eventually(async () => {
    const { rows } = await query(
      `select count(*)::int as n, count(*) filter (where state <> 'completed')::int as unsent
         from pgboss.job where name = 'webhook-disabled-email' and data->>'endpointId' = $1`,
      [endpoint.id],
    );
    return rows[0].unsent === 0 && { count: rows[0].n as number };
  }, 'the notices to be sent');
  const mailed = mail.messages.filter(
    (message) => message.to.includes(owner.user.email ?? '') && message.text.includes(endpoint.url),
  ).length;
  return { queued: queued.count, mailed };
}

describe('webhook endpoints under concurrent deliveries', () => {
  it('count every one of many failures at once, and are disabled and their owner told once', async () => {
    const endpoint = await heldEndpoint(BURST);
    const deliveries = 10;
    await inFlight(endpoint, deliveries);
    receiver.answer(BURST, 500, deliveries);
    await recordedAttempts(endpoint.id, deliveries);

    const row = await endpointRow(endpoint.id);
    expect(row.failed_deliveries_in_a_row).toBe(deliveries);
    expect(row.disabled_at).not.toBeNull();
    expect(await disabledNotices(endpoint)).toEqual({ queued: 1, mailed: 1 });
  });

  it('are disabled once even when deliveries already in flight keep failing after a success', async () => {
    const endpoint = await heldEndpoint(AFTER_SUCCESS);
    await inFlight(endpoint, 2 * DISABLE_AFTER + 1);
    // Enough failures disable the endpoint; a delivery that was already on its way then arrives
    // (the count starts again) and the others fail, reaching the count again.
    receiver.answer(AFTER_SUCCESS, 500, DISABLE_AFTER);
    await recordedAttempts(endpoint.id, DISABLE_AFTER);
    const disabledAt = (await endpointRow(endpoint.id)).disabled_at;
    expect(disabledAt).not.toBeNull();
    receiver.answer(AFTER_SUCCESS, 200);
    await recordedAttempts(endpoint.id, DISABLE_AFTER + 1);
    receiver.answer(AFTER_SUCCESS, 500, DISABLE_AFTER);
    await recordedAttempts(endpoint.id, 2 * DISABLE_AFTER + 1);

    expect((await endpointRow(endpoint.id)).disabled_at).toEqual(disabledAt);
    expect(await disabledNotices(endpoint)).toEqual({ queued: 1, mailed: 1 });
  });

  it('count a delivery once when the retry of an attempt past its deadline runs alongside it', async () => {
    // The queue gives up on an attempt after its deadline and retries it, while the first may still
    // be running: two jobs of one delivery in flight together, both failing its last attempt.
    const endpoint = await heldEndpoint(OVERTAKEN);
    await inFlight(endpoint, 2, { sameDelivery: true });
    receiver.answer(OVERTAKEN, 500, 2);
    await recordedAttempts(endpoint.id, 2);
    await eventually(async () => {
      const { rows } = await query(
        `select count(*)::int as n from pgboss.job where name = 'webhook-delivery' and data->>'deliveryId' in
           (select id::text from webhook_deliveries where endpoint_id = $1) and state <> 'completed'`,
        [endpoint.id],
      );
      return rows[0].n === 0;
    }, 'both jobs to finish');

    expect((await endpointRow(endpoint.id)).failed_deliveries_in_a_row).toBe(1);
    const { rows } = await query('select status from webhook_deliveries where endpoint_id = $1', [endpoint.id]);
    expect(rows).toEqual([{ status: 'failed' }]);
  });
});
