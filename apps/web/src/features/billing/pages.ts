/** Billing's pages, loaded on demand (see featureRoutes in lib/routing.ts). */
export const pages = {
  pricing: () => import('./PricingPage.tsx'),
  subscription: () => import('./SubscriptionPage.tsx'),
  testCheckout: () => import('./TestCheckoutPage.tsx'),
  checkoutReturn: () => import('./CheckoutReturnPage.tsx'),
  webhookTest: () => import('./WebhookTestPage.tsx'),
};
