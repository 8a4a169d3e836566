/*
 * Loaders of billing's pages. The route table loads this small module first: Vite writes each
 * dynamic import's list of chunks to preload into the module that holds the import, and here those
 * lists stay out of the entry chunk every page pays for (PRODUCT.md, Budgets: 130 KB).
 */
export const billingPages = {
  pricing: () => import('./PricingPage.tsx'),
  subscription: () => import('./SubscriptionPage.tsx'),
  testCheckout: () => import('./TestCheckoutPage.tsx'),
  checkoutReturn: () => import('./CheckoutReturnPage.tsx'),
  webhookTest: () => import('./WebhookTestPage.tsx'),
};
