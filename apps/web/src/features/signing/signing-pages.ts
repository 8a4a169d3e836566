/*
 * Loaders of signing's page and panel. The route table and the certificate page load this small
 * module first, so the lists of chunks to preload stay out of the entry chunk (see billing-pages.ts;
 * PRODUCT.md, Budgets: 130 KB).
 */
export const signingPages = {
  sign: () => import('./SignPage.tsx'),
  panel: () => import('./SigningPanel.tsx'),
};
