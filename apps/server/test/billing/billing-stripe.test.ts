import { MAX_EXTRA_SEATS, PREMIUM_INCLUDED_SEATS, type Session, subscriptionViewSchema } from '@app/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts, billingEvents } from '../../src/features/billing/billing.schema.ts';
import { STRIPE_REFRESH_QUEUE, type StripeRefreshJob } from '../../src/features/billing/billing.service.ts';
import { audit } from '../../src/platform/audit/audit-trail.ts';
import { subscribers } from '../../src/platform/entitlements/entitlements.schema.ts';
import { entitlements } from '../../src/platform/entitlements/entitlements.ts';
import { buildTestApp, setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser } from '../support/auth-helpers.ts';
import { errorOf } from '../support/responses.ts';
import {
  nowSeconds,
  type PeerSubscription,
  peerSubscription,
  type StripePeer,
  signedEvent,
  startStripePeer,
} from '../support/stripe-peer.ts';
import { businessIdOf } from '../support/teams.ts';

/**
 * Billing with Stripe configured: outgoing calls go to a local peer speaking Stripe's wire format;
 * incoming events are real Stripe-format payloads signed with the SDK's test-header helper.
 */

let peer: StripePeer;

beforeAll(async () => {
  peer = await startStripePeer();
});
const { database, mail, app, query } = setUpTestApp(() => ({ settings: { stripe: peer.settings } }));
afterAll(() => peer.close());

const post = (url: string, session: Session | undefined, body?: object) =>
  app.inject({ method: 'POST', url, headers: session ? bearer(session) : {}, ...(body && { payload: body }) });

async function viewOf(session: Session) {
  return subscriptionViewSchema.parse(
    (await app.inject({ url: '/api/billing/subscription', headers: bearer(session) })).json(),
  );
}

async function deliver(event: { payload: string; signature: string }, contentType = 'application/json') {
  return app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': contentType, 'stripe-signature': event.signature },
    payload: event.payload,
  });
}

/** Waits until the queue has processed the stored event. */
async function processed(eventId: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const [row] = await database.db.select().from(billingEvents).where(eq(billingEvents.id, eventId));
    if (row?.processedAt) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`event ${eventId} was not processed`);
}

async function deliverAndProcess(type: string, object: object, options: { id?: string; created?: number } = {}) {
  const event = signedEvent(type, object, options);
  const response = await deliver(event);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ received: true });
  await processed(event.id);
  return event;
}

/** A user who went through checkout: their Stripe customer is stored, the session completed. */
async function subscribedUser(subscription: Partial<PeerSubscription> = {}) {
  const user = await registerConfirmedUser(app, mail);
  const checkout = await post('/api/billing/checkout', user, { interval: 'monthly' });
  expect(checkout.statusCode).toBe(200);
  const customer = peer.requests.findLast((request) => request.path === '/v1/checkout/sessions')?.form.get('customer');
  if (!customer) throw new Error('no customer sent');
  const active = { ...peerSubscription(customer), ...subscription };
  peer.subscriptions.set(active.id, active);
  await deliverAndProcess('checkout.session.completed', {
    id: 'cs_test_completed',
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: user.user.id,
    customer,
    subscription: active.id,
  });
  return { user, customer, subscription: active };
}

const premiumOf = async (session: Session) =>
  (await entitlements.of(database.db, await businessIdOf(database.db, session.user.id), new Date())).premium;

describe('outgoing calls to Stripe', () => {
  it('creates a customer once, then a subscription-mode Checkout Session tied to the user', async () => {
    const user = await registerConfirmedUser(app, mail);
    const before = peer.requests.length;
    const checkout = await post('/api/billing/checkout', user, { interval: 'yearly', return_to: '/certificates/new' });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const [customerCall, sessionCall] = peer.requests.slice(before);
    expect(customerCall?.path).toBe('/v1/customers');
    expect(customerCall?.authorization).toBe(`Bearer ${peer.settings.secretKey}`);
    expect(customerCall?.form.get('email')).toBe(user.user.email);
    expect(customerCall?.form.get('metadata[user_id]')).toBe(user.user.id);
    expect(sessionCall?.path).toBe('/v1/checkout/sessions');
    expect(Object.fromEntries(sessionCall?.form ?? [])).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.user.id,
      'line_items[0][price]': 'price_premium_yearly',
      'line_items[0][quantity]': '1',
      'subscription_data[metadata][user_id]': user.user.id,
      success_url: 'http://app.test/billing/return?return_to=%2Fcertificates%2Fnew',
      cancel_url: 'http://app.test/pricing',
    });

    await post('/api/billing/checkout', user, { interval: 'monthly' });
    const later = peer.requests.slice(before + 2).map((request) => request.path);
    expect(later).toEqual(['/v1/checkout/sessions']);
    expect(peer.requests.at(-1)?.form.get('customer')).toBe(customerCall && sessionCall?.form.get('customer'));
  });

  it('opens the Customer Portal for the stored customer, back to the page asked for', async () => {
    const { user, customer } = await subscribedUser();
    const portal = await post('/api/billing/portal', user, { return_to: '/subscription' });
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toEqual({ url: 'https://billing.stripe.test/p/session/test_portal' });
    const call = peer.requests.at(-1);
    expect(call?.path).toBe('/v1/billing_portal/sessions');
    expect(call?.form.get('customer')).toBe(customer);
    expect(call?.form.get('return_url')).toBe('http://app.test/subscription');
  });

  it('cancels at the period end through Stripe, and a re-sync reads the subscription back', async () => {
    const { user, subscription } = await subscribedUser();
    const canceled = await post('/api/billing/cancel', user);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ tier: 'premium', status: 'canceling' });
    expect(peer.requests.at(-1)).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${subscription.id}` });

    // Stripe ended it while our webhook was down: a re-sync brings the record in line.
    Object.assign(subscription, { status: 'canceled', ended_at: nowSeconds() });
    const resynced = await post('/api/billing/resync', user);
    expect(peer.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/subscriptions/${subscription.id}` });
    expect(resynced.json()).toMatchObject({ tier: 'free', status: 'none' });
    expect(await premiumOf(user)).toBe(false);
  });

  it('answers 502 billing_unavailable when Stripe refuses, and changes nothing', async () => {
    const user = await registerConfirmedUser(app, mail);
    peer.failNext(400);
    const response = await post('/api/billing/checkout', user, { interval: 'monthly' });
    expect(response.statusCode).toBe(502);
    expect(errorOf(response).code).toBe('billing_unavailable');
  });

  it('has no test-mode endpoints', async () => {
    const user = await registerConfirmedUser(app, mail);
    expect((await post('/api/billing/test/complete', user, { interval: 'monthly' })).statusCode).toBe(404);
    expect(await premiumOf(user)).toBe(false);
  });
});

describe('webhook events', () => {
  it('checkout.session.completed reads the subscription from Stripe and makes the user Premium, audited', async () => {
    const { user, subscription } = await subscribedUser();
    expect(peer.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/subscriptions/${subscription.id}` });
    const view = await viewOf(user);
    expect(view).toMatchObject({ mode: 'stripe', tier: 'premium', status: 'active', can_manage: true });
    expect(view.period_end).toBe(new Date((subscription.items.data[0]?.current_period_end ?? 0) * 1000).toISOString());
    const types = (await audit.forSubject(database.db, { kind: 'user', id: user.user.id })).map((event) => event.type);
    expect(types).toEqual(['billing.subscription_changed', 'billing.checkout_completed']);
  });

  it('customer.subscription.created/updated/deleted map to Premium, canceling, and free', async () => {
    const user = await registerConfirmedUser(app, mail);
    await post('/api/billing/checkout', user, { interval: 'monthly' });
    const customer = peer.requests.at(-1)?.form.get('customer') ?? '';
    const subscription = peerSubscription(customer);
    const t = nowSeconds();

    await deliverAndProcess('customer.subscription.created', subscription, { created: t });
    expect(await viewOf(user)).toMatchObject({ tier: 'premium', status: 'active' });

    await deliverAndProcess(
      'customer.subscription.updated',
      { ...subscription, cancel_at_period_end: true },
      { created: t + 1 },
    );
    expect(await viewOf(user)).toMatchObject({ tier: 'premium', status: 'canceling', cancel_at_period_end: true });

    await deliverAndProcess(
      'customer.subscription.deleted',
      { ...subscription, status: 'canceled', ended_at: t + 2 },
      { created: t + 2 },
    );
    expect(await viewOf(user)).toMatchObject({ tier: 'free', status: 'none' });
    const [record] = await database.db.select().from(subscribers).where(eq(subscribers.userId, user.user.id));
    expect(record).toMatchObject({ subscribed: false, subscriptionTier: 'free' });
  });

  it('invoice.payment_failed shows a failed payment until a newer active state settles it', async () => {
    const { user, customer, subscription } = await subscribedUser();
    const t = nowSeconds() + 5;
    await deliverAndProcess('invoice.payment_failed', { id: 'in_1', object: 'invoice', customer }, { created: t });
    await deliverAndProcess('customer.subscription.updated', { ...subscription, status: 'past_due' }, { created: t });
    expect(await viewOf(user)).toMatchObject({ tier: 'premium', status: 'past_due', payment_failed: true });

    await deliverAndProcess('customer.subscription.updated', subscription, { created: t + 10 });
    expect(await viewOf(user)).toMatchObject({ tier: 'premium', status: 'active', payment_failed: false });
  });

  it('events out of order do not regress the state', async () => {
    const { user, subscription } = await subscribedUser();
    const t = nowSeconds() + 60;
    await deliverAndProcess(
      'customer.subscription.deleted',
      { ...subscription, status: 'canceled', ended_at: t },
      { created: t },
    );
    // An update sent before the deletion arrives after it.
    await deliverAndProcess('customer.subscription.updated', subscription, { created: t - 30 });
    expect(await premiumOf(user)).toBe(false);
    // Even one stamped the same second cannot bring an ended subscription back.
    await deliverAndProcess('customer.subscription.updated', subscription, { created: t });
    expect(await premiumOf(user)).toBe(false);
  });

  it('a replayed event is a no-op', async () => {
    const { user, subscription } = await subscribedUser();
    const t = nowSeconds() + 120;
    const first = await deliverAndProcess(
      'customer.subscription.updated',
      { ...subscription, cancel_at_period_end: true },
      { created: t },
    );
    const auditCount = (await audit.forSubject(database.db, { kind: 'user', id: user.user.id })).length;
    const replay = await deliver(first);
    expect(replay.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await audit.forSubject(database.db, { kind: 'user', id: user.user.id })).length).toBe(auditCount);
    expect(await database.db.select().from(billingEvents).where(eq(billingEvents.id, first.id))).toHaveLength(1);
  });

  it('an event about a customer nobody has changes nobody', async () => {
    const bystander = (await subscribedUser()).user;
    const before = await viewOf(bystander);
    await deliverAndProcess(
      'customer.subscription.deleted',
      { ...peerSubscription('cus_unknown'), status: 'canceled', ended_at: nowSeconds() },
      { created: nowSeconds() + 500 },
    );
    expect(await viewOf(bystander)).toEqual(before);
  });

  it('a checkout naming an unknown user, or another type of event, is stored and left alone', async () => {
    await deliverAndProcess('checkout.session.completed', {
      client_reference_id: '00000000-0000-4000-8000-000000000000',
      customer: 'cus_nobody',
      subscription: null,
    });
    await deliverAndProcess('charge.succeeded', { id: 'ch_1', object: 'charge', customer: 'cus_nobody' });
  });
});

describe('seats bought as the subscription item quantity (ADR 0077)', () => {
  const seatsOf = async (session: Session) =>
    entitlements.seatsOf(database.db, await businessIdOf(database.db, session.user.id), new Date());

  it('checkout asks Stripe for one unit of Premium and one per extra seat', async () => {
    const user = await registerConfirmedUser(app, mail);
    const checkout = await post('/api/billing/checkout', user, { interval: 'monthly', extra_seats: 3 });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = peer.requests.findLast((request) => request.path === '/v1/checkout/sessions');
    expect(session?.form.get('line_items[0][price]')).toBe('price_premium_monthly');
    expect(session?.form.get('line_items[0][quantity]')).toBe('4');
  });

  it('refuses a quantity that is not a whole number of seats, or too many, with 400', async () => {
    const user = await registerConfirmedUser(app, mail);
    for (const extra of [-1, 1.5, MAX_EXTRA_SEATS + 1, '2']) {
      const refused = await post('/api/billing/checkout', user, { interval: 'monthly', extra_seats: extra });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).code).toBe('validation_failed');
    }
  });

  it("the subscription's quantity becomes the business's seats, and a portal change follows through the webhook", async () => {
    const { user, subscription } = await subscribedUser({ items: peerSubscription('', { quantity: 3 }).items });
    expect(await seatsOf(user)).toEqual({ premium: true, included: PREMIUM_INCLUDED_SEATS + 2, extra: 2 });
    const t = nowSeconds() + 10;
    const fewer = peerSubscription(subscription.customer, { id: subscription.id, quantity: 1 });
    await deliverAndProcess('customer.subscription.updated', fewer, { created: t });
    expect(await seatsOf(user)).toEqual({ premium: true, included: PREMIUM_INCLUDED_SEATS, extra: 0 });
    const more = peerSubscription(subscription.customer, { id: subscription.id, quantity: 7 });
    await deliverAndProcess('customer.subscription.updated', more, { created: t + 1 });
    expect(await seatsOf(user)).toEqual({ premium: true, included: PREMIUM_INCLUDED_SEATS + 6, extra: 6 });
    const [record] = await database.db.select().from(subscribers).where(eq(subscribers.userId, user.user.id));
    expect(record?.extraSeats).toBe(6);
  });

  it("test mode's seat change is not there for a Stripe subscriber: 404, the quantity stays Stripe's", async () => {
    const { user } = await subscribedUser({ items: peerSubscription('', { quantity: 2 }).items });
    const refused = await post('/api/billing/test/seats', user, { extra_seats: 5 });
    expect(refused.statusCode).toBe(404);
    expect(await seatsOf(user)).toEqual({ premium: true, included: PREMIUM_INCLUDED_SEATS + 1, extra: 1 });
  });
});

describe('the interval bought, from the subscription item price', () => {
  it('says yearly for a yearly price, follows a portal switch, and keeps it when an event leaves it out', async () => {
    const { user, subscription } = await subscribedUser({ items: peerSubscription('', { interval: 'year' }).items });
    expect(await viewOf(user)).toMatchObject({ tier: 'premium', interval: 'yearly' });
    const t = nowSeconds() + 10;
    const monthly = peerSubscription(subscription.customer, { id: subscription.id, interval: 'month' });
    await deliverAndProcess('customer.subscription.updated', monthly, { created: t });
    expect((await viewOf(user)).interval).toBe('monthly');
    // An item without its price (or recurring by another interval than Premium's) says nothing new.
    const [item] = monthly.items.data;
    const priceless = { ...monthly, items: { ...monthly.items, data: [{ ...item, price: undefined }] } };
    await deliverAndProcess('customer.subscription.updated', priceless, { created: t + 1 });
    expect((await viewOf(user)).interval).toBe('monthly');
    const ended = peerSubscription(subscription.customer, { id: subscription.id, status: 'canceled', ended_at: t + 2 });
    await deliverAndProcess('customer.subscription.deleted', ended, { created: t + 2 });
    expect(await viewOf(user)).toMatchObject({ tier: 'free', interval: null });
  });
});

describe('subscriptions applied before the interval was kept, read once after start (ADR 0098)', () => {
  /** Runs queued as processes started since `since`, in any state. */
  const startRunsSince = async (since: Date) =>
    (
      await query(
        `select count(*)::int as n from pgboss.job where name = $1 and singleton_key = 'at-start' and created_on >= $2`,
        [STRIPE_REFRESH_QUEUE, since],
      )
    ).rows[0].n;

  /** The run queued at start, due now rather than after its delay. */
  const runStartRunNow = async () => {
    const { rowCount } = await query(
      `update pgboss.job set start_after = now() where name = $1 and singleton_key = 'at-start' and state = 'created'`,
      [STRIPE_REFRESH_QUEUE],
    );
    expect(rowCount).toBe(1);
    app.jobQueue.wake(STRIPE_REFRESH_QUEUE);
  };

  /** Waits until no batch of the queue is due, running or due for a retry. */
  async function refreshed() {
    for (let attempt = 0; attempt < 2400; attempt++) {
      const { rows } = await query(
        `select count(*)::int as n from pgboss.job
          where name = $1 and (state in ('retry', 'active') or (state = 'created' and start_after <= now()))`,
        [STRIPE_REFRESH_QUEUE],
      );
      if (rows[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the Stripe refresh did not finish');
  }

  const intervalOf = async (session: Session) => {
    const businessId = await businessIdOf(database.db, session.user.id);
    const [row] = await database.db.select().from(billingAccounts).where(eq(billingAccounts.businessId, businessId));
    return row;
  };

  /** As a subscription applied before migration 0042: its interval not known. */
  const forgetInterval = (session: Session, changes: { provider?: string } = {}) =>
    query(`update billing_accounts set interval = null, provider = coalesce($2, provider) where user_id = $1`, [
      session.user.id,
      changes.provider ?? null,
    ]);

  const readsOf = (subscription: PeerSubscription) =>
    peer.requests.filter(
      (request) => request.method === 'GET' && request.path === `/v1/subscriptions/${subscription.id}`,
    ).length;

  const yearly = () => peerSubscription('', { interval: 'year' }).items;

  const startProcess = () => buildTestApp(database.db, { mailer: mail.mailer, settings: { stripe: peer.settings } });

  it('queues one run at start, however many processes start together', async () => {
    // The run this file's app queued is set aside, so that the processes below start afresh.
    await refreshed();
    await query(`delete from pgboss.job where name = $1 and singleton_key = 'at-start'`, [STRIPE_REFRESH_QUEUE]);
    const { rows } = await query('select now() as now');
    const processes = await Promise.all([startProcess(), startProcess()]);
    try {
      expect(await startRunsSince(rows[0].now)).toBe(1);
      // Nothing is stale yet: the run reads nothing from Stripe.
      const before = peer.requests.length;
      await runStartRunNow();
      await refreshed();
      expect(peer.requests.length).toBe(before);
      expect(await startRunsSince(rows[0].now)).toBe(1);
    } finally {
      await Promise.all(processes.map((process) => process.close()));
    }
  });

  const accounts = {} as Record<
    'year' | 'unreadable' | 'pastDue' | 'canceled' | 'testMode',
    { user: Session; subscription: PeerSubscription }
  >;

  it('reads each Premium Stripe subscription without an interval in batches; one Stripe refuses stops none', async () => {
    accounts.year = await subscribedUser({ items: yearly() });
    accounts.unreadable = await subscribedUser({ items: yearly() });
    accounts.pastDue = await subscribedUser({ status: 'past_due' });
    accounts.canceled = await subscribedUser({ status: 'canceled', items: yearly() });
    accounts.testMode = await subscribedUser({ items: yearly() });
    for (const { user } of Object.values(accounts)) await forgetInterval(user);
    await forgetInterval(accounts.testMode.user, { provider: 'test' });
    const held = await intervalOf(accounts.unreadable.user);
    expect(held).toMatchObject({ status: 'active', interval: null });
    expect(await viewOf(accounts.year.user)).toMatchObject({ tier: 'premium', interval: null });
    peer.unreadable.add(accounts.unreadable.subscription.id);

    // Batches of two: the three Premium Stripe accounts take two, the second queued by the first.
    await app.jobQueue.enqueue<StripeRefreshJob>(database.db, STRIPE_REFRESH_QUEUE, { after: null, batch: 2 });
    app.jobQueue.wake(STRIPE_REFRESH_QUEUE);
    await refreshed();

    expect(await viewOf(accounts.year.user)).toMatchObject({ tier: 'premium', interval: 'yearly' });
    expect(await viewOf(accounts.pastDue.user)).toMatchObject({ status: 'past_due', interval: 'monthly' });
    expect(readsOf(accounts.unreadable.subscription)).toBeGreaterThan(0);
    expect(await intervalOf(accounts.unreadable.user)).toEqual(held);
    expect(await premiumOf(accounts.unreadable.user)).toBe(true);
    for (const left of [accounts.canceled, accounts.testMode]) {
      expect(readsOf(left.subscription)).toBe(1); // at checkout only
      expect((await intervalOf(left.user))?.interval).toBeNull();
    }
    const { rows } = await query(
      `select count(*)::int as n from pgboss.job where name = $1 and state = 'completed' and singleton_key like 'after:%'`,
      [STRIPE_REFRESH_QUEUE],
    );
    expect(rows[0].n).toBe(1);
  });

  it('the next start reads what was left, and nothing already known again', async () => {
    peer.unreadable.delete(accounts.unreadable.subscription.id);
    const readsBefore = Object.fromEntries(
      Object.entries(accounts).map(([name, { subscription }]) => [name, readsOf(subscription)]),
    );
    const restarted = await startProcess();
    try {
      await runStartRunNow();
      await refreshed();
    } finally {
      await restarted.close();
    }

    expect(await viewOf(accounts.unreadable.user)).toMatchObject({ tier: 'premium', interval: 'yearly' });
    const readsAfter = Object.fromEntries(
      Object.entries(accounts).map(([name, { subscription }]) => [name, readsOf(subscription)]),
    );
    expect(readsAfter).toEqual({ ...readsBefore, unreadable: (readsBefore.unreadable ?? 0) + 1 });
    expect(await viewOf(accounts.year.user)).toMatchObject({ tier: 'premium', interval: 'yearly' });
    expect((await intervalOf(accounts.canceled.user))?.interval).toBeNull();
  });
});

describe('webhook signatures and hostile bodies', () => {
  it('answers 400 to a bad or missing signature and stores nothing', async () => {
    const { user, subscription } = await subscribedUser();
    const forged = signedEvent(
      'customer.subscription.deleted',
      { ...subscription, status: 'canceled', ended_at: nowSeconds() },
      { secret: 'whsec_attacker', created: nowSeconds() + 900 },
    );
    const bad = await deliver(forged);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).code).toBe('webhook_signature_invalid');

    const genuine = signedEvent('customer.subscription.deleted', { ...subscription, status: 'canceled' });
    const tampered = await deliver({
      payload: genuine.payload.replace('"canceled"', '"active"'),
      signature: genuine.signature,
    });
    expect(tampered.statusCode).toBe(400);

    const missing = await app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: forged.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(await database.db.select().from(billingEvents).where(eq(billingEvents.id, forged.id))).toHaveLength(0);
    expect(await premiumOf(user)).toBe(true);
  });

  it('answers 4xx, never 500, to garbage, empty, odd content types and huge bodies', async () => {
    const cases = [
      { headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' }, payload: '{"not json' },
      { headers: { 'content-type': 'text/plain', 'stripe-signature': 'garbage' }, payload: 'hello' },
      { headers: {}, payload: '' },
      { headers: { 'content-type': 'application/octet-stream' }, payload: Buffer.from([0, 255, 1, 2]) },
      { headers: { 'content-type': 'application/json', 'stripe-signature': 'x' }, payload: '[]'.repeat(10) },
    ];
    for (const { headers, payload } of cases) {
      const response = await app.inject({ method: 'POST', url: '/api/billing/webhook', headers, payload });
      expect(response.statusCode).toBe(400);
      // A NUL byte is refused by the guard every route has, before the signature is looked at.
      expect(['webhook_signature_invalid', 'validation_failed']).toContain(errorOf(response).code);
    }
    const huge = await app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: `{"a":"${'x'.repeat(300 * 1024)}"}`,
    });
    expect(huge.statusCode).toBe(413);
  });

  it('a validly signed body that is not an event is refused', async () => {
    const payload = JSON.stringify({ hello: 'world' });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: peer.settings.webhookSecret });
    const response = await deliver({ payload, signature });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('webhook_signature_invalid');
  });

  it('/webhook-test reports Stripe as configured and the last event', async () => {
    const status = await app.inject({ url: '/api/billing/webhook/status' });
    expect(status.json()).toMatchObject({ mode: 'stripe', configured: true, last_event: { test: false } });
  });
});
