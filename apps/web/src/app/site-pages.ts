/*
 * Loaders of the legal pages and /bundles. As with billing-pages.ts, the route table loads this small
 * module first, so the lists of chunks each page preloads stay out of the entry chunk every public
 * page pays for (PRODUCT.md, Budgets: 130 KB).
 */
export const sitePages = {
  terms: () => import('../features/legal/TermsPage.tsx'),
  privacy: () => import('../features/legal/PrivacyPage.tsx'),
  bundles: () => import('../features/bundles/BundlesPage.tsx'),
};
