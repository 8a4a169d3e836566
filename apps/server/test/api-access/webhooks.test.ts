import { randomBytes } from 'node:crypto';
import {
  apiAccessMessages,
  type Session,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@app/contract';
import sharp from 'sharp';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/platform/audit/audit-trail.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { createCompletedCertificate, patchCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { errorOf } from '../support/responses.ts';
import { createReadySwms } from '../support/swms.ts';
import { eventually, startWebhookReceiver } from '../support/webhook-receiver.ts';

/*
 * Issue 31: webhooks (Premium; ADR 0055), delivered to a receiver on 127.0.0.1 under the tests-only
 * switch, signed the Standard Webhooks way and checked with the `standardwebhooks` package; retried
 * with backoff after a 500; an endpoint that keeps failing is disabled and its owner mailed through
 * the real SMTP listener. Nothing leaves this machine.
 */

const receiver = await startWebhookReceiver({
  '/flaky': [500, 200],
  '/down': [500],
  // Fails until the test has the endpoint disabled, then works (the receiver was fixed).
  '/mended': [500, 500, 500, 500, 200],
});
afterAll(() => receiver.close());

const { database, mail, app, query } = setUpTestApp({
  settings: {
    webhooks: {
      allowLoopbackForTests: true,
      attempts: 2,
      retryDelaySeconds: 1,
      timeoutMs: 5_000,
      disableAfterFailedDeliveries: 2,
    },
  },
});

let owner: Session;
let ownerEmail: string;
beforeAll(async () => {
  owner = await registerConfirmedUser(app, mail);
  ownerEmail = owner.user.email ?? '';
  await grantPremium(database.db, owner.user.id);
});

async function register(session: Session, path: string, events: WebhookEventType[]) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: bearer(session),
    payload: { url: receiver.url(path), events },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { endpoint: WebhookEndpoint; secret: string };
}

async function deliveriesOf(session: Session, endpointId: string): Promise<WebhookDelivery[]> {
  const response = await app.inject({ url: `/api/webhooks/${endpointId}/deliveries`, headers: bearer(session) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().deliveries;
}

/** The request verified as a Standard Webhooks receiver does; answers its parsed payload. */
function verified(secret: string, request: { headers: Record<string, unknown>; body: string }) {
  const headers = Object.fromEntries(
    ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(request.headers[name])]),
  );
  return new Webhook(secret).verify(request.body, headers) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
  };
}

describe('webhooks', () => {
  it('are registered by Premium only, with the signing secret shown once', async () => {
    const free = await registerConfirmedUser(app, mail);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: bearer(free),
      payload: { url: receiver.url('/free'), events: ['certificate.issued'] },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'premium_required', message: apiAccessMessages.premium });

    const { endpoint, secret } = await register(owner, '/listed', ['certificate.issued']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await app.inject({ url: '/api/webhooks', headers: bearer(owner) });
    expect(listed.json().endpoints).toContainEqual(endpoint);
    expect(listed.body).not.toContain(secret);
    const { rows } = await query('select * from webhook_endpoints where id = $1', [endpoint.id]);
    expect(JSON.stringify(rows[0])).not.toContain(secret.slice(6));
  });

  it('deliver certificate and SWMS events, signed so that standardwebhooks verifies them', async () => {
    const { endpoint, secret } = await register(owner, '/ok', [
      'certificate.issued',
      'certificate.amended',
      'swms.version_issued',
    ]);
    const certificate = await createCompletedCertificate(app, owner);
    const issued = await eventually(() => receiver.to('/ok')[0], 'the issue delivered');
    const payload = verified(secret, issued);
    expect(payload).toMatchObject({ type: 'certificate.issued', data: { certificate_id: certificate, version: 1 } });
    expect(issued.headers['content-type']).toBe('application/json');
    // The signature is over the exact bytes: a changed body fails the check.
    expect(() => verified(secret, { ...issued, body: issued.body.replace('issued', 'amended') })).toThrow();

    const amended = await patchCertificate(app, owner, certificate, { areas: 'Laundry', amendment_reason: 'Area' });
    expect(amended.statusCode, amended.body).toBe(200);
    const amendment = await eventually(() => receiver.to('/ok')[1], 'the amendment delivered');
    expect(verified(secret, amendment)).toMatchObject({
      type: 'certificate.amended',
      data: { certificate_id: certificate, version: 2 },
    });

    const swms = await createReadySwms(app, owner);
    const pdf = await app.inject({ url: `/api/swms/${swms.id}/pdf`, headers: bearer(owner) });
    expect(pdf.statusCode).toBe(200);
    const printed = await eventually(() => receiver.to('/ok')[2], 'the SWMS version delivered');
    expect(verified(secret, printed)).toMatchObject({
      type: 'swms.version_issued',
      data: { swms_id: swms.id, version: 1 },
    });

    const log = await eventually(async () => {
      const deliveries = await deliveriesOf(owner, endpoint.id);
      return deliveries.length === 3 && deliveries.every((delivery) => delivery.status === 'succeeded') && deliveries;
    }, 'the log to show three deliveries');
    expect(log.map((delivery) => delivery.event)).toEqual([
      'swms.version_issued',
      'certificate.amended',
      'certificate.issued',
    ]);
    expect(log[2]?.attempts).toEqual([{ attempted_at: expect.any(String), status_code: 200, ok: true, error: null }]);
    expect(log[2]?.id).toBe(issued.headers['webhook-id']);
  });

  it('deliver signed, declined and completed from signing by link', async () => {
    const user = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, user.user.id);
    const { secret } = await register(user, '/signing', ['document.signed', 'document.declined', 'document.completed']);
    const signerToken = async (certificateId: string, name: string) => {
      const email = `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
      const sent = await app.inject({
        method: 'POST',
        url: `/api/signing/documents/certificate/${certificateId}/requests`,
        headers: bearer(user),
        payload: { signers: [{ name, email }] },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      return {
        id: sent.json().signers[0].id as string,
        token: mail.linkIn(await mail.nextMailTo(email), /^\/sign\//).pathname.slice('/sign/'.length),
      };
    };
    const signed = await createCompletedCertificate(app, user);
    const alex = await signerToken(signed, 'Alex');
    const png = (
      await sharp({ create: { width: 200, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
        .png()
        .toBuffer()
    ).toString('base64');
    const signing = await app.inject({
      method: 'POST',
      url: `/api/sign/${alex.token}/sign`,
      payload: { name: 'Alex Builder', read_confirmed: true, signature_png: png, method: 'drawn' },
    });
    expect(signing.statusCode, signing.body).toBe(200);
    const declined = await createCompletedCertificate(app, user);
    const casey = await signerToken(declined, 'Casey');
    const declining = await app.inject({
      method: 'POST',
      url: `/api/sign/${casey.token}/decline`,
      payload: { reason: 'Wrong address' },
    });
    expect(declining.statusCode, declining.body).toBe(200);

    const events = await eventually(
      () => receiver.to('/signing').length >= 3 && receiver.to('/signing').map((request) => verified(secret, request)),
      'the three signing events',
    );
    expect(events).toHaveLength(3);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'document.signed',
          data: { kind: 'certificate', document_id: signed, version: 1, signer_id: alex.id },
        }),
        expect.objectContaining({
          type: 'document.completed',
          data: { kind: 'certificate', document_id: signed, version: 1 },
        }),
        expect.objectContaining({
          type: 'document.declined',
          data: { kind: 'certificate', document_id: declined, version: 1, signer_id: casey.id },
        }),
      ]),
    );
    // Nothing of what was signed or said is sent: ids, kinds and versions only.
    expect(JSON.stringify(events)).not.toContain('Wrong address');
  });

  it('retry after a 500, with the same id, and "Resend" sends it again', async () => {
    const user = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, user.user.id);
    const { endpoint, secret } = await register(user, '/flaky', ['certificate.issued']);
    await createCompletedCertificate(app, user);
    const [first, second] = await eventually(
      () => receiver.to('/flaky').length >= 2 && receiver.to('/flaky'),
      'the retry',
    );
    expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(verified(secret, second as never).type).toBe('certificate.issued');
    const [delivery] = await eventually(async () => {
      const deliveries = await deliveriesOf(user, endpoint.id);
      return deliveries[0]?.status === 'succeeded' && deliveries;
    }, 'the delivery to succeed');
    expect(delivery?.attempts.map((attempt) => [attempt.status_code, attempt.ok])).toEqual([
      [500, false],
      [200, true],
    ]);

    const resend = await app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${delivery?.id}/resend`,
      headers: bearer(user),
    });
    expect(resend.statusCode, resend.body).toBe(202);
    expect(resend.json().status).toBe('pending');
    await eventually(() => receiver.to('/flaky').length === 3, 'the resend');
    expect(receiver.to('/flaky')[2]?.headers['webhook-id']).toBe(delivery?.id);
  });

  it('disable an endpoint that keeps failing, and mail its owner', async () => {
    const { endpoint } = await register(owner, '/down', ['certificate.issued']);
    await createCompletedCertificate(app, owner);
    await createCompletedCertificate(app, owner);
    const disabled = await eventually(async () => {
      const endpoints = (await app.inject({ url: '/api/webhooks', headers: bearer(owner) })).json()
        .endpoints as WebhookEndpoint[];
      return endpoints.find((candidate) => candidate.id === endpoint.id && candidate.disabled_at);
    }, 'the endpoint to be disabled');
    expect(disabled.disabled_at).not.toBeNull();
    const notice = await mail.nextMailTo(ownerEmail, 15_000);
    expect(notice.text).toContain('Your webhook endpoint');
    expect(notice.text).toContain(receiver.url('/down'));
    const deliveries = await deliveriesOf(owner, endpoint.id);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(['failed', 'failed']);
    expect(deliveries.every((delivery) => delivery.attempts.length === 2)).toBe(true);

    // Nothing more goes to a disabled endpoint, and it cannot be resent to.
    const before = receiver.to('/down').length;
    await createCompletedCertificate(app, owner);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(receiver.to('/down').length).toBe(before);
    const resend = await app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${deliveries[0]?.id}/resend`,
      headers: bearer(owner),
    });
    expect(resend.statusCode).toBe(409);
  });

  it('are turned back on by their owner once disabled, which is audited and harmless to repeat', async () => {
    const user = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, user.user.id);
    const { endpoint } = await register(user, '/mended', ['certificate.issued']);
    await createCompletedCertificate(app, user);
    await createCompletedCertificate(app, user);
    const disabled = await eventually(async () => {
      const listed = (await app.inject({ url: '/api/webhooks', headers: bearer(user) })).json().endpoints;
      return (listed as WebhookEndpoint[]).find((candidate) => candidate.disabled_at);
    }, 'the endpoint to be disabled');
    await mail.nextMailTo(user.user.email ?? '', 15_000);

    const enable = () =>
      app.inject({ method: 'POST', url: `/api/webhooks/${endpoint.id}/enable`, headers: bearer(user) });
    const enabled = await enable();
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).toEqual({ ...disabled, disabled_at: null });
    const { rows } = await query(
      'select failed_deliveries_in_a_row, disabled_at from webhook_endpoints where id = $1',
      [endpoint.id],
    );
    expect(rows[0]).toEqual({ failed_deliveries_in_a_row: 0, disabled_at: null });
    // Again: nothing to do, the same answer, and no second entry in the trail.
    const again = await enable();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(enabled.json());
    const events = await audit.forSubject(database.db, { kind: 'user', id: user.user.id });
    expect(events.filter((event) => event.type === 'webhook.enabled')).toEqual([
      expect.objectContaining({ data: { endpointId: endpoint.id }, actor: { kind: 'user', userId: user.user.id } }),
    ]);

    // Events reach it again, and the failed deliveries can be resent.
    await createCompletedCertificate(app, user);
    const deliveries = await eventually(async () => {
      const log = await deliveriesOf(user, endpoint.id);
      return log[0]?.status === 'succeeded' && log;
    }, 'a delivery after enabling');
    const resend = await app.inject({
      method: 'POST',
      url: `/api/webhooks/deliveries/${deliveries[2]?.id}/resend`,
      headers: bearer(user),
    });
    expect(resend.statusCode, resend.body).toBe(202);
  });

  it('rotate the secret: the new one is shown once, and both verify for a day, then only the new one', async () => {
    const user = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, user.user.id);
    const { endpoint, secret: oldSecret } = await register(user, '/rotated', ['certificate.issued']);
    const rotated = await app.inject({
      method: 'POST',
      url: `/api/webhooks/${endpoint.id}/rotate-secret`,
      headers: bearer(user),
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { endpoint: after, secret: newSecret } = rotated.json() as { endpoint: WebhookEndpoint; secret: string };
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(newSecret).not.toBe(oldSecret);
    expect(after.id).toBe(endpoint.id);
    const overlapHours = (Date.parse(after.previous_secret_until ?? '') - Date.now()) / 3_600_000;
    expect(overlapHours).toBeGreaterThan(23.9);
    expect(overlapHours).toBeLessThanOrEqual(24);
    const listed = await app.inject({ url: '/api/webhooks', headers: bearer(user) });
    expect(listed.body).not.toContain(newSecret);
    const { rows } = await query('select * from webhook_endpoints where id = $1', [endpoint.id]);
    expect(JSON.stringify(rows[0])).not.toContain(newSecret.slice(6));
    expect(rows[0].secret_version).toBe(2);
    const events = await audit.forSubject(database.db, { kind: 'user', id: user.user.id });
    expect(events.filter((event) => event.type === 'webhook.secret_rotated')).toEqual([
      expect.objectContaining({ data: { endpointId: endpoint.id, secretVersion: 2 } }),
    ]);

    // During the overlap a receiver with either secret accepts the delivery.
    const certificate = await createCompletedCertificate(app, user);
    const during = await eventually(() => receiver.to('/rotated')[0], 'a delivery after rotating');
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(newSecret, during).data).toMatchObject({ certificate_id: certificate });
    expect(verified(oldSecret, during).data).toMatchObject({ certificate_id: certificate });

    // Once it is over, only the new secret signs.
    await query(`update webhook_endpoints set previous_secret_until = now() - interval '1 second' where id = $1`, [
      endpoint.id,
    ]);
    await createCompletedCertificate(app, user);
    const later = await eventually(() => receiver.to('/rotated')[1], 'a delivery after the overlap');
    expect(verified(newSecret, later).type).toBe('certificate.issued');
    expect(() => verified(oldSecret, later)).toThrow();
  });

  it('are enabled and rotated by their Premium owner only', async () => {
    const { endpoint } = await register(owner, '/guarded', ['certificate.issued']);
    await query('update webhook_endpoints set disabled_at = now() where id = $1', [endpoint.id]);
    const stranger = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, stranger.user.id);
    const free = await registerConfirmedUser(app, mail);
    const { rows } = await query(
      `insert into webhook_endpoints (business_id, user_id, url, events, disabled_at) select business_id, user_id, $2, '{certificate.issued}', now() from memberships where user_id = $1 returning id`,
      [free.user.id, receiver.url('/free')],
    );
    for (const action of ['enable', 'rotate-secret']) {
      const post = (id: string, session?: Session) =>
        app.inject({ method: 'POST', url: `/api/webhooks/${id}/${action}`, headers: session ? bearer(session) : {} });
      const strangers = await post(endpoint.id, stranger);
      expect(strangers.statusCode).toBe(404);
      expect(errorOf(strangers)).toEqual({ code: 'not_found', message: apiAccessMessages.webhookNotFound });
      expect((await post('not-a-uuid', owner)).statusCode).toBe(404);
      expect((await post('00000000-0000-4000-8000-000000000000', owner)).statusCode).toBe(404);
      expect((await post(endpoint.id)).statusCode).toBe(401);
      const freeOwn = await post(rows[0].id, free);
      expect(freeOwn.statusCode).toBe(403);
      expect(errorOf(freeOwn).code).toBe('premium_required');
    }
    const { rows: untouched } = await query(
      'select secret_version, disabled_at is not null as disabled from webhook_endpoints where id = any($1)',
      [[endpoint.id, rows[0].id]],
    );
    expect(untouched).toEqual([
      { secret_version: 1, disabled: true },
      { secret_version: 1, disabled: true },
    ]);
    await query('delete from webhook_endpoints where id = $1', [endpoint.id]);
  });

  it('keep a delivery log of 30 days, swept daily', async () => {
    const { endpoint } = await register(owner, '/kept', ['certificate.issued']);
    const { rows } = await query(
      `insert into webhook_deliveries (endpoint_id, event, body, status, created_at) values
         ($1, 'certificate.issued', '{}', 'succeeded', now() - interval '31 days'),
         ($1, 'certificate.issued', '{}', 'pending', now() - interval '31 days'),
         ($1, 'certificate.issued', '{}', 'failed', now() - interval '29 days')
       returning id, status`,
      [endpoint.id],
    );
    await app.jobQueue.enqueue(database.db, 'webhook-log-sweep', {});
    app.jobQueue.wake('webhook-log-sweep');
    const kept = await eventually(async () => {
      const left = await deliveriesOf(owner, endpoint.id);
      return left.length === 2 && left;
    }, 'the old delivery to be forgotten');
    // A delivery still being sent stays, whatever its age.
    expect(kept.map((delivery) => delivery.id).sort()).toEqual(
      rows
        .filter((row) => row.status !== 'succeeded')
        .map((row) => row.id)
        .sort(),
    );
    await query('delete from webhook_endpoints where id = $1', [endpoint.id]);
  });

  it("are another user's to see, resend or delete never", async () => {
    const { endpoint } = await register(owner, '/private', ['certificate.amended']);
    const stranger = await registerConfirmedUser(app, mail);
    await grantPremium(database.db, stranger.user.id);
    const headers = bearer(stranger);
    expect((await app.inject({ url: `/api/webhooks/${endpoint.id}/deliveries`, headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/webhooks/${endpoint.id}`, headers })).statusCode).toBe(404);
    const { rows } = await query(
      `select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id where e.user_id = $1 limit 1`,
      [owner.user.id],
    );
    const resend = await app.inject({ method: 'POST', url: `/api/webhooks/deliveries/${rows[0].id}/resend`, headers });
    expect(resend.statusCode).toBe(404);
    expect((await app.inject({ url: '/api/webhooks', headers })).json().endpoints).toEqual([]);
    // The stranger's own certificate is not the owner's event.
    const before = receiver.received.length;
    await createCompletedCertificate(app, stranger);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(receiver.received.length).toBe(before);
    const removed = await app.inject({ method: 'DELETE', url: `/api/webhooks/${endpoint.id}`, headers: bearer(owner) });
    expect(removed.statusCode).toBe(200);
  });
});
