import { lazy } from 'react';

/*
 * Billing's pages, each loaded on demand. The route table loads this small module first: Vite
 * writes each lazy page's list of chunks to preload into the module that imports it, and here those
 * lists stay out of the entry chunk every page pays for (PRODUCT.md, Budgets: 130 KB).
 */
export const PricingPage = lazy(() => import('./PricingPage.tsx'));
export const SubscriptionPage = lazy(() => import('./SubscriptionPage.tsx'));
export const TestCheckoutPage = lazy(() => import('./TestCheckoutPage.tsx'));
export const CheckoutReturnPage = lazy(() => import('./CheckoutReturnPage.tsx'));
export const WebhookTestPage = lazy(() => import('./WebhookTestPage.tsx'));
