import { apiAccessMessages, type Session, type WebhookDelivery } from '@app/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { sendWebhook } from '../../src/features/api-access/webhook-sender.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { createCompletedCertificate } from '../support/certificates.ts';
import { grantPremium } from '../support/entitlements.ts';
import { errorOf } from '../support/responses.ts';
import { eventually, startWebhookReceiver } from '../support/webhook-receiver.ts';

/*
 * Issue 31: no server-side request forgery (ADR 0055). With the tests-only switch off (as on every
 * server), an endpoint on this machine or a private, link-local or metadata address is refused at
 * registration, and one that is there anyway (its host's DNS changed since) is refused at delivery:
 * the receiver on 127.0.0.1 never hears a thing. No name here needs a DNS query off this machine.
 */

const receiver = await startWebhookReceiver();
afterAll(() => receiver.close());

const { database, mail, app, query } = setUpTestApp();

/** A Premium owner, fresh for each test: one token's requests per minute are limited. */
async function premiumOwner() {
  const owner = await registerConfirmedUser(app, mail);
  await grantPremium(database.db, owner.user.id);
  return owner;
}

const registerEndpoint = (owner: Session, url: string) =>
  app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: bearer(owner),
    payload: { url, events: ['certificate.issued'] },
  });

/** Each URL is refused at registration as an address that may not be reached, on the `url` field. */
async function expectAddressRefused(owner: Session, urls: readonly string[]) {
  for (const url of urls) {
    const response = await registerEndpoint(owner, url);
    expect(response.statusCode, url).toBe(422);
    expect(errorOf(response), url).toEqual({
      code: 'unprocessable',
      message: apiAccessMessages.webhookAddressRefused,
      details: [{ path: 'url', message: apiAccessMessages.webhookAddressRefused }],
    });
  }
}

describe('webhook addresses with the tests-only switch off', () => {
  it('refuses loopback, private, link-local, metadata and IPv6 local endpoints at registration', async () => {
    const owner = await premiumOwner();
    await expectAddressRefused(owner, [
      receiver.url('/hook'),
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://10.0.0.8/hook',
      'https://192.168.1.1/hook',
      'https://100.64.0.1/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/hook',
      'https://[fd00:ec2::254]/hook',
      'https://[fe80::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://0.0.0.0/hook',
    ]);
    const plain = await registerEndpoint(owner, 'http://93.184.215.14/hook');
    expect(errorOf(plain).message).toBe(apiAccessMessages.webhookHttpsOnly);
    const { rows } = await query('select count(*)::int as n from webhook_endpoints where user_id = $1', [
      owner.user.id,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses IPv6 forms that embed an IPv4 address, and other spellings of loopback', async () => {
    await expectAddressRefused(await premiumOwner(), [
      // IPv6 spellings that embed an IPv4 address: compatible, mapped, NAT64, 6to4.
      'https://[::127.0.0.1]/hook',
      'https://[64:ff9b::7f00:1]/hook',
      'https://[2002:7f00:1::]/hook',
      'https://172.16.0.1/hook',
      'https://[fc00::1]/hook',
      // Other spellings of 127.0.0.1 that the URL parser normalises: decimal, hex, octal, short.
      'https://2130706433/hook',
      'https://0x7f.1/hook',
      'https://017700000001/hook',
      'https://127.1/hook',
    ]);
  });

  it('accepts a public address', async () => {
    const owner = await premiumOwner();
    for (const url of ['https://93.184.215.14/hook', 'https://[2606:4700:4700::1111]/hook']) {
      expect((await registerEndpoint(owner, url)).statusCode, url).toBe(201);
    }
  });

  it('refuses at delivery an endpoint that now points to loopback, in any spelling, connecting to nothing', async () => {
    const owner = await premiumOwner();
    // As if its host had resolved to a public address at registration and to loopback since, or as
    // stored before IPv4-compatible IPv6 was refused.
    const compatible = new URL(receiver.url('/hook'));
    compatible.hostname = '[::127.0.0.1]';
    const endpointIds: string[] = [];
    for (const url of [receiver.url('/hook'), compatible.href]) {
      const { rows } = await query(
        `insert into webhook_endpoints (business_id, user_id, url, events) select business_id, user_id, $2, '{certificate.issued}' from memberships where user_id = $1 returning id`,
        [owner.user.id, url],
      );
      endpointIds.push(rows[0].id as string);
    }
    await createCompletedCertificate(app, owner);
    for (const endpointId of endpointIds) {
      const [delivery] = await eventually(async () => {
        const response = await app.inject({ url: `/api/webhooks/${endpointId}/deliveries`, headers: bearer(owner) });
        const deliveries = response.json().deliveries as WebhookDelivery[];
        return deliveries[0]?.status === 'failed' && deliveries;
      }, 'the delivery to fail');
      expect(delivery?.attempts.length).toBe(3);
      for (const attempt of delivery?.attempts ?? []) {
        expect(attempt).toMatchObject({ ok: false, status_code: null, error: apiAccessMessages.webhookAddressRefused });
      }
    }
    expect(receiver.to('/hook')).toEqual([]);
  });

  it('connects to the address that was checked, never asking DNS again (no rebinding)', async () => {
    // A name that resolves nowhere (.invalid): the request still reaches the checked 127.0.0.1.
    const url = new URL(receiver.url('/pinned'));
    url.hostname = 'rebound.invalid';
    const result = await sendWebhook(
      { url, address: '127.0.0.1', family: 4 },
      { id: 'msg_pinned', timestampSeconds: 1_700_000_000, body: '{}', secrets: [`whsec_${'A'.repeat(44)}`] },
      5_000,
    );
    expect(result).toEqual({ statusCode: 200, ok: true, error: null });
    expect(receiver.to('/pinned')).toHaveLength(1);
    expect(receiver.to('/pinned')[0]?.headers.host).toBe(`rebound.invalid:${url.port}`);
  });
});
