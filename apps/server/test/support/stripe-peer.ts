import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeSettings } from '../../src/platform/billing/stripe-provider.ts';

/** A request the peer received: Stripe's SDK sends form-encoded bodies (`a[b][0]=c`). */
export type PeerRequest = { method: string; path: string; form: URLSearchParams; authorization: string | undefined };

/** A subscription as the peer keeps it (Stripe's wire format, only the fields billing reads). */
export type PeerSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  ended_at: number | null;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      current_period_end: number;
      quantity: number;
      price: { object: 'price'; recurring: { interval: 'month' | 'year' } };
    }>;
  };
};

/**
 * A local HTTP peer speaking Stripe's wire format for exactly the calls billing makes: create a
 * customer, a Checkout Session, a billing portal session; retrieve and update a subscription.
 * The SDK is pointed at it with STRIPE_API_URL (host, port, protocol), so no test can reach Stripe.
 */
export type StripePeer = {
  url: string;
  settings: StripeSettings;
  requests: PeerRequest[];
  subscriptions: Map<string, PeerSubscription>;
  /** The next call answers Stripe's error shape with this status. */
  failNext(status: number): void;
  /** Subscriptions whose every read answers 500 (Stripe's error shape), while they are in the set. */
  unreadable: Set<string>;
  close(): Promise<void>;
};

export const PEER_SECRET_KEY = 'sk_test_local_peer';
export const PEER_WEBHOOK_SECRET = 'whsec_local_peer';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function peerSubscription(
  customer: string,
  overrides: Partial<Omit<PeerSubscription, 'items'>> & {
    periodEnd?: number;
    quantity?: number;
    interval?: 'month' | 'year';
  } = {},
): PeerSubscription {
  const { periodEnd = nowSeconds() + 30 * 86_400, quantity = 1, interval = 'month', ...fields } = overrides;
  return {
    id: `sub_${randomUUID().replaceAll('-', '')}`,
    object: 'subscription',
    customer,
    status: 'active',
    cancel_at_period_end: false,
    ended_at: null,
    ...fields,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${randomUUID().slice(0, 8)}`,
          object: 'subscription_item',
          current_period_end: periodEnd,
          quantity,
          price: { object: 'price', recurring: { interval } },
        },
      ],
    },
  };
}

export async function startStripePeer(): Promise<StripePeer> {
  const requests: PeerRequest[] = [];
  const subscriptions = new Map<string, PeerSubscription>();
  let failure: number | undefined;
  const unreadable = new Set<string>();

  const answer = (response: ServerResponse, status: number, body: object) => {
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomUUID()}` });
    response.end(JSON.stringify(body));
  };
  const notFound = (response: ServerResponse, path: string) =>
    answer(response, 404, { error: { type: 'invalid_request_error', message: `No such resource: ${path}` } });

  const handle = (request: IncomingMessage, body: string, response: ServerResponse) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const form = new URLSearchParams(body);
    requests.push({ method: request.method ?? '', path, form, authorization: request.headers.authorization });
    const subscriptionId = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)?.[1];
    if (failure !== undefined || (subscriptionId && unreadable.has(subscriptionId))) {
      const status = failure ?? 500;
      failure = undefined;
      answer(response, status, { error: { type: 'invalid_request_error', message: 'refused by the test' } });
      return;
    }
    if (request.method === 'POST' && path === '/v1/customers') {
      answer(response, 200, { id: `cus_${randomUUID().slice(0, 14)}`, object: 'customer', email: form.get('email') });
    } else if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${randomUUID().replaceAll('-', '')}`;
      answer(response, 200, {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        customer: form.get('customer'),
        client_reference_id: form.get('client_reference_id'),
        url: `https://checkout.stripe.test/c/pay/${id}`,
      });
    } else if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
      answer(response, 200, {
        id: `bps_${randomUUID().slice(0, 12)}`,
        object: 'billing_portal.session',
        customer: form.get('customer'),
        return_url: form.get('return_url'),
        url: 'https://billing.stripe.test/p/session/test_portal',
      });
    } else if (subscriptionId && subscriptions.has(subscriptionId)) {
      const subscription = subscriptions.get(subscriptionId) as PeerSubscription;
      if (request.method === 'POST' && form.has('cancel_at_period_end')) {
        subscription.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      }
      answer(response, 200, subscription);
    } else {
      notFound(response, path);
    }
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, Buffer.concat(chunks).toString('utf8'), response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    settings: {
      secretKey: PEER_SECRET_KEY,
      webhookSecret: PEER_WEBHOOK_SECRET,
      prices: { monthly: 'price_premium_monthly', yearly: 'price_premium_yearly' },
      apiUrl: new URL(url),
    },
    requests,
    subscriptions,
    unreadable,
    failNext: (status) => {
      failure = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe event, in the wire format Stripe posts, with the `Stripe-Signature` header the SDK's helper makes. */
export function signedEvent(
  type: string,
  object: object,
  options: { id?: string; created?: number; secret?: string } = {},
) {
  const id = options.id ?? `evt_${randomUUID().replaceAll('-', '')}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    type,
    created: options.created ?? nowSeconds(),
    livemode: false,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? PEER_WEBHOOK_SECRET,
  });
  return { id, payload, signature };
}
