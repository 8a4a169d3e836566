import {
  errorCodes,
  FREE_PLAN_SEATS,
  MAX_EXTRA_SEATS,
  PREMIUM_INCLUDED_SEATS,
  rateLimits,
  type Session,
  type SubscriptionView,
  seatMessages,
  subscriptionViewSchema,
  teamSchema,
} from '@app/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingEvents } from '../../src/features/billing/billing.schema.ts';
import { STRIPE_REFRESH_QUEUE } from '../../src/features/billing/billing.service.ts';
import { audit } from '../../src/platform/audit/audit-trail.ts';
import { entitlements } from '../../src/platform/entitlements/entitlements.ts';
import { setUpTestApp } from '../support/app.ts';
import { bearer, registerConfirmedUser, uniqueEmail } from '../support/auth-helpers.ts';
import { completedCertificateBody, postCertificate } from '../support/certificates.ts';
import { errorOf } from '../support/responses.ts';
import { addMember, businessIdOf } from '../support/teams.ts';

/** Billing without Stripe (the default): the in-app TEST MODE checkout sells Premium offline. */

let admin: Session;
const adminEmail = uniqueEmail('billing-admin');

const { database, mail, app, query } = setUpTestApp({ settings: { adminEmails: [adminEmail.toLowerCase()] } });

beforeAll(async () => {
  admin = await registerConfirmedUser(app, mail, adminEmail);
});

async function subscriptionOf(session: Session): Promise<SubscriptionView> {
  const response = await app.inject({ url: '/api/billing/subscription', headers: bearer(session) });
  expect(response.statusCode).toBe(200);
  return subscriptionViewSchema.parse(response.json());
}

const post = (url: string, session: Session | undefined, body?: object) =>
  app.inject({ method: 'POST', url, headers: session ? bearer(session) : {}, ...(body && { payload: body }) });

describe('test-mode checkout', () => {
  it('points checkout at the in-app TEST MODE page, keeping where the user came from', async () => {
    const user = await registerConfirmedUser(app, mail);
    expect(await subscriptionOf(user)).toEqual({
      mode: 'test',
      tier: 'free',
      status: 'none',
      period_end: null,
      cancel_at_period_end: false,
      interval: null,
      payment_failed: false,
      can_manage: false,
      usage: { month: expect.stringMatching(/^\d{4}-\d{2}$/), completed: 0, limit: 5 },
    });
    const checkout = await post('/api/billing/checkout', user, { interval: 'yearly', return_to: '/certificates/new' });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json().url).toBe('/billing/test-checkout?interval=yearly&return_to=%2Fcertificates%2Fnew');
  });

  it('limits the calls that may reach the provider: 20 per user in 10 minutes, then 429 with Retry-After', async () => {
    const user = await registerConfirmedUser(app, mail);
    const other = await registerConfirmedUser(app, mail);
    for (let index = 0; index < rateLimits.billingProvider.limit; index++) {
      expect((await post('/api/billing/checkout', user, { interval: 'monthly' })).statusCode).toBe(200);
    }
    const refused = await post('/api/billing/portal', user, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(errorOf(refused).code).toBe(errorCodes.requestRateLimit);
    // Counted per user: someone else is not held back.
    expect((await post('/api/billing/checkout', other, { interval: 'monthly' })).statusCode).toBe(200);
  });

  it("shows this month's usage against the free plan's limit", async () => {
    const user = await registerConfirmedUser(app, mail);
    for (let n = 0; n < 3; n++) {
      const created = await post('/api/certificates', user, completedCertificateBody(user));
      expect(created.statusCode).toBe(201);
    }
    expect((await subscriptionOf(user)).usage).toMatchObject({ completed: 3, limit: 5 });
  });

  it('refuses a return address outside the app', async () => {
    const user = await registerConfirmedUser(app, mail);
    for (const return_to of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const response = await post('/api/billing/checkout', user, { interval: 'monthly', return_to });
      expect(response.statusCode).toBe(400);
    }
  });

  it('takes extra seats: the page is told the count, and completing it gives Premium five plus them', async () => {
    const user = await registerConfirmedUser(app, mail);
    const checkout = await post('/api/billing/checkout', user, { interval: 'monthly', extra_seats: 2 });
    expect(checkout.json().url).toBe('/billing/test-checkout?interval=monthly&extra_seats=2&return_to=%2Fsubscription');
    const completed = await post('/api/billing/test/complete', user, { interval: 'monthly', extra_seats: 2 });
    expect(completed.statusCode, completed.body).toBe(200);
    const seats = await entitlements.seatsOf(database.db, await businessIdOf(database.db, user.user.id), new Date());
    expect(seats).toEqual({ premium: true, included: PREMIUM_INCLUDED_SEATS + 2, extra: 2 });
    const team = await app.inject({ url: '/api/team', headers: bearer(user) });
    expect(team.json().seats).toEqual({ used: 1, included: PREMIUM_INCLUDED_SEATS + 2, extra: 2 });
  });

  it('completing it makes the user Premium for a month through the subscriber record, audited', async () => {
    const user = await registerConfirmedUser(app, mail);
    const completed = await post('/api/billing/test/complete', user, { interval: 'monthly' });
    expect(completed.statusCode).toBe(200);
    const view = subscriptionViewSchema.parse(completed.json());
    expect(view).toMatchObject({ tier: 'premium', status: 'active', can_manage: true, cancel_at_period_end: false });
    expect(view.usage).toMatchObject({ completed: 0, limit: null });
    const days = (Date.parse(view.period_end ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect(
      (await entitlements.of(database.db, await businessIdOf(database.db, user.user.id), new Date())).premium,
    ).toBe(true);

    const events = await audit.forSubject(database.db, { kind: 'user', id: user.user.id });
    expect(events.map((event) => event.type)).toEqual(['billing.subscription_changed', 'billing.checkout_completed']);

    const again = await post('/api/billing/checkout', user, { interval: 'monthly' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('already_premium');
  });

  it('cancels at the period end (still Premium), and "end now" makes the user free at once', async () => {
    const user = await registerConfirmedUser(app, mail);
    await post('/api/billing/test/complete', user, { interval: 'yearly' });

    const canceled = await post('/api/billing/cancel', user);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toMatchObject({ tier: 'premium', status: 'canceling', cancel_at_period_end: true });

    const portal = await post('/api/billing/portal', user, { return_to: '/subscription' });
    expect(portal.json().url).toBe('/billing/test-checkout?manage=1&return_to=%2Fsubscription');

    const ended = await post('/api/billing/test/end-now', user);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ tier: 'free', status: 'none' });
    expect(
      (await entitlements.of(database.db, await businessIdOf(database.db, user.user.id), new Date())).premium,
    ).toBe(false);

    // Buying again starts a new subscription.
    await post('/api/billing/test/complete', user, { interval: 'monthly' });
    expect(await subscriptionOf(user)).toMatchObject({ tier: 'premium', status: 'active' });
  });

  it('has nothing to cancel, manage or end for a user who never subscribed', async () => {
    const user = await registerConfirmedUser(app, mail);
    for (const url of ['/api/billing/cancel', '/api/billing/test/end-now']) {
      const response = await post(url, user);
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).code).toBe('no_billing_account');
    }
    const portal = await post('/api/billing/portal', user, {});
    expect(errorOf(portal).code).toBe('no_billing_account');
    expect((await post('/api/billing/resync', user)).json()).toMatchObject({ tier: 'free' });
  });

  it('answers 401 to visitors on every signed-in billing route', async () => {
    for (const url of ['/api/billing/checkout', '/api/billing/portal', '/api/billing/cancel', '/api/billing/resync']) {
      expect((await post(url, undefined, { interval: 'monthly' })).statusCode).toBe(401);
    }
    expect((await app.inject({ url: '/api/billing/subscription' })).statusCode).toBe(401);
    expect((await post('/api/billing/test/complete', undefined, { interval: 'monthly' })).statusCode).toBe(401);
  });
});

describe("test mode's seat change, the portal's quantity change", () => {
  const teamOf = async (session: Session) => {
    const response = await app.inject({ url: '/api/team', headers: bearer(session) });
    expect(response.statusCode, response.body).toBe(200);
    return teamSchema.parse(response.json());
  };
  const changeSeats = (session: Session, extra_seats: unknown) =>
    post('/api/billing/test/seats', session, { extra_seats });

  it('the owner changes 0 to 2: the Team page reads seven seats, and another business is unaffected', async () => {
    const owner = await registerConfirmedUser(app, mail);
    const neighbour = await registerConfirmedUser(app, mail);
    for (const session of [owner, neighbour]) {
      expect((await post('/api/billing/test/complete', session, { interval: 'monthly' })).statusCode).toBe(200);
    }
    expect((await teamOf(owner)).seats).toEqual({ used: 1, included: PREMIUM_INCLUDED_SEATS, extra: 0 });

    const changed = await changeSeats(owner, 2);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(subscriptionViewSchema.parse(changed.json())).toMatchObject({ tier: 'premium', status: 'active' });
    expect((await teamOf(owner)).seats).toEqual({ used: 1, included: PREMIUM_INCLUDED_SEATS + 2, extra: 2 });
    expect((await teamOf(neighbour)).seats).toEqual({ used: 1, included: PREMIUM_INCLUDED_SEATS, extra: 0 });
    const events = await audit.forSubject(database.db, { kind: 'user', id: owner.user.id });
    // The change is audited as the portal's is: one more subscription change after the purchase's.
    expect(events.filter((event) => event.type === 'billing.subscription_changed')).toHaveLength(2);
  });

  it('lowered below the members in use: those past the seats read only until it is raised again', async () => {
    const owner = await registerConfirmedUser(app, mail);
    expect((await post('/api/billing/test/complete', owner, { interval: 'monthly', extra_seats: 1 })).statusCode).toBe(
      200,
    );
    const members: Session[] = [];
    for (let index = 0; index < PREMIUM_INCLUDED_SEATS; index++) {
      members.push(await addMember(app, mail, database.db, owner, 'field'));
    }
    const last = members.at(-1) as Session;
    expect((await postCertificate(app, last, { status: 'draft' })).statusCode).toBe(201);

    expect((await changeSeats(owner, 0)).statusCode).toBe(200);
    const team = await teamOf(owner);
    expect(team.seats).toEqual({ used: PREMIUM_INCLUDED_SEATS + 1, included: PREMIUM_INCLUDED_SEATS, extra: 0 });
    expect(team.members.filter((member) => !member.seated).map((member) => member.user_id)).toEqual([last.user.id]);
    const refused = await postCertificate(app, last, { status: 'draft' });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: errorCodes.seatRequired, message: seatMessages.seatRequired });
    expect((await app.inject({ url: '/api/certificates', headers: bearer(last) })).statusCode).toBe(200);

    expect((await changeSeats(owner, 1)).statusCode).toBe(200);
    expect((await postCertificate(app, last, { status: 'draft' })).statusCode).toBe(201);
  });

  it('the view says the interval bought, kept through a seat change: a yearly buyer is priced by the year', async () => {
    const yearly = await registerConfirmedUser(app, mail);
    const monthly = await registerConfirmedUser(app, mail);
    expect(
      subscriptionViewSchema.parse((await post('/api/billing/test/complete', yearly, { interval: 'yearly' })).json()),
    ).toMatchObject({ tier: 'premium', interval: 'yearly' });
    await post('/api/billing/test/complete', monthly, { interval: 'monthly' });
    const changed = subscriptionViewSchema.parse((await changeSeats(yearly, 2)).json());
    expect(changed).toMatchObject({ tier: 'premium', interval: 'yearly' });
    expect(await subscriptionOf(monthly)).toMatchObject({ interval: 'monthly' });
    await post('/api/billing/test/end-now', yearly);
    expect(await subscriptionOf(yearly)).toMatchObject({ tier: 'free', interval: null });
  });

  it('has nothing to read from Stripe at start: no run of Stripe subscriptions is queued', async () => {
    const { rows } = await query(
      `select (select count(*) from pgboss.queue where name = $1)::int
            + (select count(*) from pgboss.job where name = $1)::int as n`,
      [STRIPE_REFRESH_QUEUE],
    );
    expect(rows[0].n).toBe(0);
  });

  it('is the owner’s: office and field members are refused 403, and the seats stay', async () => {
    const owner = await registerConfirmedUser(app, mail);
    await post('/api/billing/test/complete', owner, { interval: 'monthly' });
    for (const role of ['office', 'field'] as const) {
      const member = await addMember(app, mail, database.db, owner, role);
      const refused = await changeSeats(member, 3);
      expect(refused.statusCode, role).toBe(403);
      expect(errorOf(refused).code).toBe(errorCodes.forbidden);
    }
    expect((await teamOf(owner)).seats).toMatchObject({ included: PREMIUM_INCLUDED_SEATS, extra: 0 });
  });

  it('refuses a count outside 0 to the bound with 400, and a business without a subscription with 409', async () => {
    const owner = await registerConfirmedUser(app, mail);
    for (const extra of [-1, 1.5, MAX_EXTRA_SEATS + 1, '2', null]) {
      const refused = await changeSeats(owner, extra);
      expect(refused.statusCode, String(extra)).toBe(400);
      expect(errorOf(refused).code).toBe(errorCodes.validationFailed);
    }
    const unsubscribed = await changeSeats(owner, 2);
    expect(unsubscribed.statusCode).toBe(409);
    expect(errorOf(unsubscribed).code).toBe(errorCodes.noBillingAccount);

    await post('/api/billing/test/complete', owner, { interval: 'monthly' });
    await post('/api/billing/test/end-now', owner);
    const ended = await changeSeats(owner, 2);
    expect(ended.statusCode).toBe(409);
    expect(errorOf(ended).code).toBe(errorCodes.noBillingAccount);
    expect((await teamOf(owner)).seats).toEqual({ used: 1, included: FREE_PLAN_SEATS, extra: 0 });
    expect((await post('/api/billing/test/seats', undefined, { extra_seats: 1 })).statusCode).toBe(401);
  });
});

describe('/webhook-test in test mode', () => {
  it('reports test mode and no event yet, publicly', async () => {
    const status = await app.inject({ url: '/api/billing/webhook/status' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ mode: 'test', configured: false, last_event: null });
  });

  it('lets only an admin send a signed test event through the webhook, which touches no user', async () => {
    const member = await registerConfirmedUser(app, mail);
    expect((await post('/api/billing/webhook/test-event', undefined)).statusCode).toBe(401);
    const refused = await post('/api/billing/webhook/test-event', member);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('forbidden');

    const sent = await post('/api/billing/webhook/test-event', admin);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      mode: 'test',
      last_event: { type: 'customer.subscription.updated', test: true },
    });
    const rows = await database.db.select().from(billingEvents).where(eq(billingEvents.test, true));
    expect(rows).toHaveLength(1);
    expect(
      (await entitlements.of(database.db, await businessIdOf(database.db, member.user.id), new Date())).premium,
    ).toBe(false);
  });

  it('verifies signatures with the test-mode secret: a foreign secret gets 400', async () => {
    const payload = JSON.stringify({ id: 'evt_foreign', type: 'customer.subscription.updated', data: { object: {} } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    const response = await app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('webhook_signature_invalid');
  });
});
