import { randomUUID } from 'node:crypto';
import {
  BILLING_MESSAGES,
  type BillingInterval,
  billingErrorCodes,
  FREE_MONTHLY_COMPLETED_LIMIT,
  type SubscriptionView,
  type WebhookStatus,
} from '@app/contract';
import Stripe from 'stripe';
import type { Database, Queryable } from '../../db/client.ts';
import { businessOf } from '../../platform/accounts/business.ts';
import { membershipIfAny } from '../../platform/accounts/memberships.ts';
import { audit } from '../../platform/audit/audit-trail.ts';
import {
  type BillingProvider,
  BillingProviderError,
  type ProviderSubscription,
} from '../../platform/billing/billing-provider.ts';
import {
  eventTime,
  type HandledEvent,
  handledEventSchema,
  storedEventSchema,
  subscriptionFromStripe,
} from '../../platform/billing/stripe-events.ts';
import { entitlements, type Subscription } from '../../platform/entitlements/entitlements.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuthenticatedCaller } from '../../platform/http/auth-context.ts';
import type { JobQueue, QueueSettings } from '../../platform/jobs/job-queue.ts';
import { type BillingAccount, billingRepo } from './billing.repo.ts';

export const BILLING_EVENTS_QUEUE = 'billing-events';
export type BillingEventJob = { eventId: string };
/** A slow or failing handler is retried from the queue; Stripe already has its 200. */
export const billingEventsQueueSettings: QueueSettings = { retryLimit: 10, retryDelaySeconds: 5, expireInSeconds: 60 };

/**
 * Stripe subscriptions applied before their interval was kept (ADR 0098), read once after start, a
 * batch per job: `after` is the last business of the batch before (null: from the first).
 */
export const STRIPE_REFRESH_QUEUE = 'billing-stripe-refresh';
export type StripeRefreshJob = { after: string | null; batch: number };
export const STRIPE_REFRESH_BATCH = 50;
/**
 * A batch reads its subscriptions one at a time, each within the provider's timeout and retry
 * (about 20 s at worst): a stuck run expires and is retried, and one that fails is tried again at
 * the next start. Batches after the first are keyed by where they start, so two passes never queue
 * the same batch twice.
 */
export const stripeRefreshQueueSettings: QueueSettings = {
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: STRIPE_REFRESH_BATCH * 20 + 60,
  oneWaitingPerKey: true,
};

/**
 * The customer of the admin's test event (/webhook-test). No account can have it, and events about it
 * are recorded as the last event and applied to nobody.
 */
const TEST_EVENT_CUSTOMER = 'cus_tradecert_webhook_test';

/** Provider statuses in which the user keeps Premium (past_due: the provider is retrying the payment). */
const PREMIUM_STATUS_LIST = ['active', 'trialing', 'past_due'];
const PREMIUM_STATUSES = new Set(PREMIUM_STATUS_LIST);
const PAYMENT_PROBLEM_STATUSES = new Set(['past_due', 'unpaid']);

const unavailable = (error: unknown) =>
  error instanceof BillingProviderError
    ? new AppError(502, billingErrorCodes.billingUnavailable, BILLING_MESSAGES.providerUnavailable)
    : error;

/** What the provider's subscription means for the subscriber record (the one write: entitlements). */
function subscriptionOf(state: ProviderSubscription, asOf: Date, provider: string): Subscription {
  if (PREMIUM_STATUSES.has(state.status)) {
    return { subscribed: true, tier: 'premium', end: state.currentPeriodEnd, provider };
  }
  return { subscribed: false, tier: 'free', end: state.endedAt ?? asOf, provider };
}

const stateOf = (account: BillingAccount): ProviderSubscription | undefined =>
  account.subscriptionId && account.status
    ? {
        customerId: account.customerId,
        subscriptionId: account.subscriptionId,
        status: account.status,
        currentPeriodEnd: account.currentPeriodEnd,
        cancelAtPeriodEnd: account.cancelAtPeriodEnd,
        endedAt: null,
        interval: account.interval ?? undefined,
      }
    : undefined;

function addInterval(start: Date, interval: BillingInterval): Date {
  const end = new Date(start);
  if (interval === 'monthly') end.setUTCMonth(end.getUTCMonth() + 1);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end;
}

export type BillingDependencies = {
  db: Database;
  provider: BillingProvider;
  jobs: JobQueue;
  /** The current time, for this month's usage (tests move it across months). */
  now: () => Date;
};

/**
 * Premium (PRODUCT.md, Plans; ADR 0013): checkout, the portal, cancelling, and the provider's
 * events. Every change to a subscription, from Stripe's webhook, a re-sync or test mode, goes
 * through `apply`, which never lets an older state overwrite a newer one.
 */
export class BillingService {
  private readonly db: Database;
  private readonly provider: BillingProvider;
  private readonly jobs: JobQueue;
  private readonly now: () => Date;

  constructor(dependencies: BillingDependencies) {
    this.db = dependencies.db;
    this.provider = dependencies.provider;
    this.jobs = dependencies.jobs;
    this.now = dependencies.now;
  }

  /**
   * At start: Premium bought through another provider than this server's ends (test-mode Premium
   * does not survive the switch to Stripe; ADR 0024), each end in the audit trail.
   */
  async honourOnlyCurrentProvider(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const ended = await entitlements.endSubscriptionsOfOtherProviders(tx, this.provider.mode);
      for (const userId of ended) {
        await audit.record(tx, {
          type: 'premium.revoked',
          data: { source: 'billing', reason: `The server's billing provider is now ${this.provider.mode}.` },
          actor: { kind: 'system' },
          subject: { kind: 'user', id: userId },
          origin: null,
        });
      }
      return ended.length;
    });
  }

  async subscription(caller: AuthenticatedCaller): Promise<SubscriptionView> {
    const [entitlement, account, usage] = await Promise.all([
      entitlements.of(this.db, caller.businessId, this.now()),
      billingRepo.accountOfBusiness(this.db, caller.businessId),
      billingRepo.completedThisMonth(this.db, caller.businessId, this.now()),
    ]);
    const ownAccount = account?.provider === this.provider.mode ? account : undefined;
    const paymentFailed =
      ownAccount !== undefined &&
      (ownAccount.paymentFailedAt !== null || PAYMENT_PROBLEM_STATUSES.has(ownAccount.status ?? ''));
    const canceling = entitlement.premium && ownAccount?.cancelAtPeriodEnd === true;
    return {
      mode: this.provider.mode,
      tier: entitlement.premium ? 'premium' : 'free',
      status: !entitlement.premium ? 'none' : paymentFailed ? 'past_due' : canceling ? 'canceling' : 'active',
      period_end: entitlement.subscriptionEnd?.toISOString() ?? null,
      cancel_at_period_end: canceling,
      interval: entitlement.premium ? (ownAccount?.interval ?? null) : null,
      payment_failed: paymentFailed,
      can_manage: ownAccount?.subscriptionId != null,
      usage: { ...usage, limit: entitlement.premium ? null : FREE_MONTHLY_COMPLETED_LIMIT },
    };
  }

  /**
   * Whether the user owns a business that pays for a subscription that will renew. Such an account
   * cannot be deleted until the subscription is cancelled (ADR 0020): nobody is charged again for an
   * account that is gone. A member who is not the owner pays nothing (ADR 0077).
   */
  async hasRenewingSubscription(userId: string): Promise<boolean> {
    const membership = await membershipIfAny(this.db, userId);
    if (membership?.role !== 'owner') return false;
    const account = await billingRepo.accountOfBusiness(this.db, membership.businessId);
    return (
      account?.provider === this.provider.mode &&
      account.subscriptionId !== null &&
      PREMIUM_STATUSES.has(account.status ?? '') &&
      !account.cancelAtPeriodEnd
    );
  }

  async checkout(
    caller: AuthenticatedCaller,
    interval: BillingInterval,
    extraSeats: number,
    returnTo: string,
  ): Promise<string> {
    if ((await entitlements.of(this.db, caller.businessId, this.now())).premium) {
      throw new AppError(409, billingErrorCodes.alreadyPremium, BILLING_MESSAGES.alreadyPremium);
    }
    try {
      const account = await this.customerAccount(caller);
      return await this.provider.createCheckout({
        userId: caller.userId,
        customerId: account.customerId,
        interval,
        extraSeats,
        returnTo,
      });
    } catch (error) {
      throw unavailable(error);
    }
  }

  async portal(caller: AuthenticatedCaller, returnTo: string): Promise<string> {
    const account = await this.ownAccount(caller.businessId);
    try {
      return await this.provider.createPortal(account.customerId, returnTo);
    } catch (error) {
      throw unavailable(error);
    }
  }

  async cancelAtPeriodEnd(caller: AuthenticatedCaller): Promise<SubscriptionView> {
    const known = await this.knownSubscription(caller.businessId);
    if (!known || !PREMIUM_STATUSES.has(known.status)) throw noBillingAccount();
    await this.applyFromProvider(caller.businessId, () => this.provider.cancelAtPeriodEnd(known));
    return this.subscription(caller);
  }

  /** Reads the subscription from the provider and applies it (the explicit re-sync of ADR 0013). */
  async resync(caller: AuthenticatedCaller): Promise<SubscriptionView> {
    const known = await this.knownSubscription(caller.businessId);
    if (known) await this.applyFromProvider(caller.businessId, () => this.provider.retrieveSubscription(known));
    return this.subscription(caller);
  }

  /**
   * The queue's handler: one batch of Premium Stripe subscriptions whose interval is not known, each
   * read from Stripe and applied as a re-sync is, then the next batch queued. A subscription that
   * cannot be read is left as it is, for the next start; the others go on. Answers those left.
   */
  async refreshStripeSubscriptions({ after, batch }: StripeRefreshJob): Promise<string[]> {
    const accounts = await billingRepo.stripeAccountsWithoutInterval(this.db, PREMIUM_STATUS_LIST, after, batch);
    const unread: string[] = [];
    for (const account of accounts) {
      const known = stateOf(account);
      if (!known) continue;
      let state: ProviderSubscription;
      try {
        state = await this.provider.retrieveSubscription(known);
      } catch (error) {
        if (!(error instanceof BillingProviderError)) throw error;
        unread.push(account.businessId);
        continue;
      }
      await this.applyAsOfNow(account.businessId, state);
    }
    const last = accounts.at(-1);
    if (last && accounts.length === batch) {
      const next: StripeRefreshJob = { after: last.businessId, batch };
      await this.jobs.enqueue(this.db, STRIPE_REFRESH_QUEUE, next, { singletonKey: `after:${last.businessId}` });
      this.jobs.wake(STRIPE_REFRESH_QUEUE);
    }
    return unread;
  }

  /** Test mode's checkout page, completed: a month (or year) of Premium, by the same path as Stripe's events. */
  async completeTestCheckout(
    caller: AuthenticatedCaller,
    interval: BillingInterval,
    extraSeats: number,
  ): Promise<SubscriptionView> {
    this.requireTestMode();
    const account = await this.customerAccount(caller);
    const now = this.now();
    const state: ProviderSubscription = {
      customerId: account.customerId,
      subscriptionId: `test_sub_${randomUUID()}`,
      status: 'active',
      currentPeriodEnd: addInterval(now, interval),
      cancelAtPeriodEnd: false,
      endedAt: null,
      extraSeats,
      interval,
    };
    await this.db.transaction(async (tx) => {
      await this.apply(tx, caller.businessId, state, now);
      await audit.record(tx, {
        type: 'billing.checkout_completed',
        data: { provider: 'test', subscriptionId: state.subscriptionId },
        actor: { kind: 'user', userId: caller.userId },
        subject: { kind: 'user', id: caller.userId },
        origin: null,
      });
    });
    return this.subscription(caller);
  }

  /**
   * Test mode's counterpart of the portal's quantity change: the active subscription with
   * `extraSeats` from now on, applied as Stripe's `customer.subscription.updated` would be (ADR 0093).
   */
  async changeTestSeats(caller: AuthenticatedCaller, extraSeats: number): Promise<SubscriptionView> {
    this.requireTestMode();
    const known = await this.knownSubscription(caller.businessId);
    if (!known || !PREMIUM_STATUSES.has(known.status)) throw noBillingAccount();
    const now = this.now();
    await this.db.transaction((tx) => this.apply(tx, caller.businessId, { ...known, extraSeats }, now));
    return this.subscription(caller);
  }

  /** Test mode's "end now": the subscription ends at once, as Stripe's `customer.subscription.deleted` would. */
  async endTestSubscriptionNow(caller: AuthenticatedCaller): Promise<SubscriptionView> {
    this.requireTestMode();
    const known = await this.knownSubscription(caller.businessId);
    if (!known) throw noBillingAccount();
    const now = this.now();
    await this.db.transaction((tx) =>
      this.apply(
        tx,
        caller.businessId,
        { ...known, status: 'canceled', currentPeriodEnd: now, endedAt: now, cancelAtPeriodEnd: false },
        now,
      ),
    );
    return this.subscription(caller);
  }

  /**
   * A webhook delivery: the signature over the raw body is checked, the event stored once by its id
   * and its processing queued, all before answering; nothing here waits on the provider.
   */
  async receiveWebhook(rawBody: string, signature: string | undefined): Promise<void> {
    const stored = storedEventSchema.safeParse(await this.verifiedEvent(rawBody, signature));
    if (!stored.success) throw signatureInvalid();
    const event = stored.data;
    await this.db.transaction(async (tx) => {
      const isNew = await billingRepo.insertEvent(tx, {
        id: event.id,
        type: event.type,
        payload: JSON.parse(rawBody),
        test: event.data.object.customer === TEST_EVENT_CUSTOMER,
      });
      if (isNew) await this.jobs.enqueue<BillingEventJob>(tx, BILLING_EVENTS_QUEUE, { eventId: event.id });
    });
    this.jobs.wake(BILLING_EVENTS_QUEUE);
  }

  /** The queue's handler: applies one stored event, once. */
  async processEvent({ eventId }: BillingEventJob): Promise<void> {
    const row = await billingRepo.event(this.db, eventId);
    if (!row || row.processedAt) return;
    // The admin's test event is only recorded; other types are stored and left alone.
    const handled = row.test ? undefined : handledEventSchema.safeParse(row.payload).data;
    // A checkout's subscription is read from Stripe first, outside any transaction.
    const checkoutSubscription = handled ? await this.subscriptionOfCheckout(handled) : undefined;
    await this.db.transaction(async (tx) => {
      const locked = await billingRepo.event(tx, eventId, { lock: true });
      if (!locked || locked.processedAt) return;
      if (handled) await this.applyEvent(tx, handled, checkoutSubscription);
      await billingRepo.markProcessed(tx, eventId);
    });
  }

  async webhookStatus(): Promise<WebhookStatus> {
    const last = await billingRepo.lastEvent(this.db);
    return {
      mode: this.provider.mode,
      configured: this.provider.mode === 'stripe',
      last_event: last ? { type: last.type, received_at: last.receivedAt.toISOString(), test: last.test } : null,
    };
  }

  /**
   * The admin's test event: a `customer.subscription.updated` about the reserved test customer,
   * signed with the webhook secret and handed to `deliver` (the real webhook route). It reaches no user.
   */
  async sendTestEvent(deliver: (payload: string, signature: string) => Promise<void>): Promise<WebhookStatus> {
    const now = Math.floor(this.now().getTime() / 1000);
    const payload = JSON.stringify({
      id: `evt_tradecert_test_${randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: now,
      livemode: false,
      data: {
        object: {
          id: 'sub_tradecert_webhook_test',
          object: 'subscription',
          customer: TEST_EVENT_CUSTOMER,
          status: 'active',
          cancel_at_period_end: false,
          ended_at: null,
          items: { data: [{ current_period_end: now + 30 * 24 * 3600 }] },
        },
      },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: await this.provider.webhookSecret(),
    });
    await deliver(payload, signature);
    return this.webhookStatus();
  }

  private async verifiedEvent(rawBody: string, signature: string | undefined): Promise<unknown> {
    if (!signature) throw signatureInvalid();
    try {
      return Stripe.webhooks.constructEvent(rawBody, signature, await this.provider.webhookSecret());
    } catch {
      throw signatureInvalid();
    }
  }

  private async subscriptionOfCheckout(event: HandledEvent): Promise<ProviderSubscription | undefined> {
    if (event.type !== 'checkout.session.completed') return undefined;
    const { customer, subscription } = event.data.object;
    if (!customer || !subscription) return undefined;
    return this.provider.retrieveSubscription({
      customerId: customer,
      subscriptionId: subscription,
      status: 'incomplete',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      endedAt: null,
    });
  }

  private async applyEvent(tx: Queryable, event: HandledEvent, checkoutSubscription: ProviderSubscription | undefined) {
    switch (event.type) {
      case 'checkout.session.completed': {
        const { client_reference_id: userId, customer } = event.data.object;
        const businessId = userId && customer ? (await membershipIfAny(tx, userId))?.businessId : undefined;
        if (!userId || !customer || !businessId) return;
        await billingRepo.linkCustomer(tx, { businessId, userId }, 'stripe', customer);
        // The subscription was read after the event was sent: it is as of now.
        if (checkoutSubscription) await this.apply(tx, businessId, checkoutSubscription, this.now());
        await audit.record(tx, {
          type: 'billing.checkout_completed',
          data: { provider: 'stripe', subscriptionId: checkoutSubscription?.subscriptionId ?? null },
          actor: { kind: 'system' },
          subject: { kind: 'user', id: userId },
          origin: null,
        });
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const state = subscriptionFromStripe(event.data.object);
        const businessId = await billingRepo.businessOfCustomer(tx, 'stripe', state.customerId);
        if (businessId) await this.apply(tx, businessId, state, eventTime(event));
        return;
      }
      case 'invoice.payment_failed': {
        const customer = event.data.object.customer;
        const businessId = customer ? await billingRepo.businessOfCustomer(tx, 'stripe', customer) : undefined;
        const account = businessId && (await billingRepo.accountOfBusiness(tx, businessId));
        if (!account) return;
        await billingRepo.savePaymentFailure(tx, account.businessId, eventTime(event));
        await audit.record(tx, {
          type: 'billing.payment_failed',
          data: { provider: 'stripe' },
          actor: { kind: 'system' },
          subject: { kind: 'user', id: account.userId },
          origin: null,
        });
        return;
      }
    }
  }

  /**
   * The one way a subscription reaches the subscriber record. `asOf` is when `state` was true at the
   * provider; a state older than the one applied is dropped (events arrive out of order), and an
   * ended subscription never comes back to life by a late update.
   */
  private async apply(tx: Queryable, businessId: string, state: ProviderSubscription, asOf: Date): Promise<void> {
    const account = await billingRepo.accountOfBusiness(tx, businessId, { lock: true });
    if (!account || account.customerId !== state.customerId) return;
    if (account.stateAsOf && asOf < account.stateAsOf) return;
    const ended = account.subscriptionId === state.subscriptionId && account.status === 'canceled';
    if (ended && state.status !== 'canceled') return;
    await billingRepo.saveState(tx, businessId, state, asOf);
    const subscription = subscriptionOf(state, asOf, account.provider);
    await entitlements.setSubscription(tx, businessId, subscription);
    if (state.extraSeats !== undefined) await entitlements.setExtraSeats(tx, businessId, state.extraSeats);
    await audit.record(tx, {
      type: 'billing.subscription_changed',
      data: {
        provider: account.provider === 'test' ? 'test' : 'stripe',
        subscriptionId: state.subscriptionId,
        status: state.status,
        premium: subscription.subscribed,
        periodEnd: subscription.end?.toISOString() ?? null,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      },
      actor: { kind: 'system' },
      subject: { kind: 'user', id: account.userId },
      origin: null,
    });
  }

  private async applyFromProvider(businessId: string, read: () => Promise<ProviderSubscription>) {
    let state: ProviderSubscription;
    try {
      state = await read();
    } catch (error) {
      throw unavailable(error);
    }
    await this.applyAsOfNow(businessId, state);
  }

  /** A state just read from the provider: true as of now. */
  private async applyAsOfNow(businessId: string, state: ProviderSubscription) {
    const asOf = this.now();
    await this.db.transaction((tx) => this.apply(tx, businessId, state, asOf));
  }

  /**
   * The business's account with this provider, creating the provider's customer the first time,
   * under its owner's address (who pays, ADR 0077).
   */
  private async customerAccount(caller: AuthenticatedCaller): Promise<BillingAccount> {
    const existing = await billingRepo.accountOfBusiness(this.db, caller.businessId);
    if (existing?.provider === this.provider.mode) return existing;
    const email = (await businessOf(this.db, caller.businessId))?.email;
    if (email === undefined) throw noBillingAccount();
    const customerId = await this.provider.createCustomer({ id: caller.userId, email });
    return billingRepo.linkCustomer(this.db, caller, this.provider.mode, customerId);
  }

  private async ownAccount(businessId: string): Promise<BillingAccount> {
    const account = await billingRepo.accountOfBusiness(this.db, businessId);
    if (account?.provider !== this.provider.mode || !account.subscriptionId) throw noBillingAccount();
    return account;
  }

  private async knownSubscription(businessId: string): Promise<ProviderSubscription | undefined> {
    const account = await billingRepo.accountOfBusiness(this.db, businessId);
    return account?.provider === this.provider.mode ? stateOf(account) : undefined;
  }

  private requireTestMode() {
    if (this.provider.mode !== 'test') throw new AppError(404, 'not_found', BILLING_MESSAGES.testModeOnly);
  }
}

const noBillingAccount = () => new AppError(409, billingErrorCodes.noBillingAccount, BILLING_MESSAGES.noBillingAccount);
const signatureInvalid = () =>
  new AppError(400, billingErrorCodes.webhookSignatureInvalid, BILLING_MESSAGES.signatureInvalid);
