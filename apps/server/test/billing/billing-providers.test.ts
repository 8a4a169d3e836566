import { BILLING_MESSAGES, type Session } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App, AppSettings } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { buildTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail-catcher.ts';
import { errorOf } from '../support/responses.ts';
import { type StripePeer, startStripePeer } from '../support/stripe-peer.ts';

/*
 * ADR 0024: a user once completed the yearly test-mode checkout; the server restarted with
 * Stripe keys, and the user kept Premium for a year with cancel, portal and checkout all 409. And
 * test mode, which sells Premium for nothing, was the default on any server.
 */

let database: TestDatabase;
let mail: MailCatcher;
let peer: StripePeer;
const apps: App[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  mail = await startMailCatcher();
  peer = await startStripePeer();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await peer.close();
  await mail.close();
  await database.drop();
});

async function start(settings: Partial<AppSettings>) {
  const app = await buildTestApp(database.db, { mailer: mail.mailer, settings });
  apps.push(app);
  return app;
}

const tierOf = async (app: App, session: Session) =>
  (await app.inject({ url: '/api/profile', headers: bearer(session) })).json().subscription_tier;

describe('billing providers', () => {
  it('ends test-mode Premium once the server runs with Stripe, and lets the user buy it for real', async () => {
    const testMode = await start({ billingTestMode: true });
    const user = await registerConfirmedUser(testMode, mail);
    const bought = await testMode.inject({
      method: 'POST',
      url: '/api/billing/test/complete',
      headers: bearer(user),
      payload: { interval: 'yearly' },
    });
    expect(bought.statusCode).toBe(200);
    expect(await tierOf(testMode, user)).toBe('premium');

    // The same database, restarted with Stripe's keys.
    const stripe = await start({ stripe: peer.settings });
    // Ended as the server starts (in the background, so a server whose database is down still starts).
    await expect.poll(() => tierOf(stripe, user)).toBe('free');
    const subscription = (await stripe.inject({ url: '/api/billing/subscription', headers: bearer(user) })).json();
    expect(subscription).toMatchObject({ mode: 'stripe', tier: 'free', status: 'none' });
    const checkout = await stripe.inject({
      method: 'POST',
      url: '/api/billing/checkout',
      headers: bearer(user),
      payload: { interval: 'monthly' },
    });
    expect(checkout.statusCode).toBe(200);
    const { rows } = await database.db.$client.query(
      `select data from audit_events where subject_id = $1 and type = 'premium.revoked'`,
      [user.user.id],
    );
    expect(rows).toEqual([{ data: { source: 'billing', reason: "The server's billing provider is now stripe." } }]);
  });

  it('sells nothing on a server that is neither a laptop nor told to run test mode, and says so', async () => {
    const off = await start({ billingTestMode: false, publicUrl: 'https://certs.example.com' });
    const user = await registerConfirmedUser(off, mail);
    const status = (await off.inject({ url: '/api/billing/webhook/status' })).json();
    expect(status).toMatchObject({ mode: 'off', configured: false });
    for (const [url, payload] of [
      ['/api/billing/checkout', { interval: 'monthly' }],
      ['/api/billing/test/complete', { interval: 'monthly' }],
      ['/api/billing/test/seats', { extra_seats: 1 }],
    ] as const) {
      const refused = await off.inject({ method: 'POST', url, headers: bearer(user), payload });
      expect(refused.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(await tierOf(off, user)).toBe('free');
      if (url === '/api/billing/checkout') {
        expect(refused.statusCode).toBe(503);
        expect(errorOf(refused).message).toBe(BILLING_MESSAGES.notConfigured);
      }
    }
  });
});

describe('which billing a configuration gets', () => {
  const billingOf = (env: Record<string, string>) => {
    const config = loadConfig(env);
    return config.stripe ? 'stripe' : config.billingTestMode ? 'test' : 'off';
  };

  it('runs test mode on a laptop, and elsewhere only when told to', () => {
    expect(billingOf({})).toBe('test');
    expect(billingOf({ PUBLIC_URL: 'http://localhost:3000' })).toBe('test');
    expect(billingOf({ PUBLIC_URL: 'http://127.0.0.1:8080' })).toBe('test');
    expect(billingOf({ PUBLIC_URL: 'https://certs.example.com' })).toBe('off');
    expect(billingOf({ PUBLIC_URL: 'https://certs.example.com', BILLING_TEST_MODE: 'true' })).toBe('test');
    expect(billingOf({ PUBLIC_URL: 'http://localhost:3000', BILLING_TEST_MODE: 'false' })).toBe('off');
  });
});
