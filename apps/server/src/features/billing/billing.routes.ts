import { billingEndpoints as endpoints } from '@app/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { callerOf } from '../../platform/http/auth-context.ts';
import { route } from '../../platform/http/route.ts';
import type { BillingService } from './billing.service.ts';

/** Stripe's events are a few kilobytes; anything far bigger is not one. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

const DEFAULT_RETURN = '/subscription';

/** HTTP for Premium. Rules live in BillingService. */
export const billingRoutes =
  (service: BillingService): FastifyPluginAsync =>
  async (app) => {
    route(app, endpoints.subscription, (request) => service.subscription(callerOf(request)));

    route(app, endpoints.checkout, async (request) => ({
      url: await service.checkout(
        callerOf(request),
        request.body.interval,
        request.body.extra_seats ?? 0,
        request.body.return_to ?? DEFAULT_RETURN,
      ),
    }));

    route(app, endpoints.portal, async (request) => ({
      url: await service.portal(callerOf(request), request.body.return_to ?? DEFAULT_RETURN),
    }));

    route(app, endpoints.cancel, (request) => service.cancelAtPeriodEnd(callerOf(request)));

    route(app, endpoints.resync, (request) => service.resync(callerOf(request)));

    route(app, endpoints.testComplete, (request) =>
      service.completeTestCheckout(callerOf(request), request.body.interval, request.body.extra_seats ?? 0),
    );

    route(app, endpoints.testSeats, (request) => service.changeTestSeats(callerOf(request), request.body.extra_seats));

    route(app, endpoints.testEndNow, (request) => service.endTestSubscriptionNow(callerOf(request)));

    route(app, endpoints.webhookStatus, () => service.webhookStatus());

    route(app, endpoints.webhookTestEvent, () =>
      service.sendTestEvent((payload, signature) => deliverToWebhook(app, payload, signature)),
    );

    await app.register(webhookRoute(service));
  };

/**
 * The webhook in a scope of its own, where every body is read as the raw text the signature was
 * made over (any content type, at most WEBHOOK_MAX_BYTES), not parsed as JSON.
 */
const webhookRoute =
  (service: BillingService): FastifyPluginAsync =>
  async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    route(scope, endpoints.webhook, async (request) => {
      const signature = request.headers['stripe-signature'];
      const rawBody: unknown = request.body;
      await service.receiveWebhook(
        typeof rawBody === 'string' ? rawBody : '',
        typeof signature === 'string' ? signature : undefined,
      );
      return { received: true as const };
    });
  };

/** Sends a signed event through the real webhook route, parsers and checks included. */
async function deliverToWebhook(app: FastifyInstance, payload: string, signature: string): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: endpoints.webhook.path,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  if (response.statusCode !== 200) {
    throw new AppError(502, 'billing_unavailable', `The webhook refused the test event (${response.statusCode}).`);
  }
}
