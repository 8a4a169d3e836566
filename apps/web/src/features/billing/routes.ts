import { featureRoutes } from '../../lib/routing.ts';

export const billingRoutes = featureRoutes(
  () => import('./pages.ts'),
  [
    { path: '/pricing', title: 'Pricing', access: 'public', page: 'pricing', withoutQueryClient: true },
    { path: '/webhook-test', title: 'Billing webhook status', access: 'public', page: 'webhookTest' },
    { path: '/subscription', title: 'Subscription', access: 'member', page: 'subscription' },
    { path: '/billing/test-checkout', title: 'Test checkout', access: 'member', page: 'testCheckout' },
    { path: '/billing/return', title: 'Confirming your payment', access: 'member', page: 'checkoutReturn' },
  ],
);
