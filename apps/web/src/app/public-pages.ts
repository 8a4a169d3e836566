/**
 * The public pages app/ composes, loaded on demand (see featureRoutes in lib/routing.ts). Apart from
 * pages.ts: a pages module carries the preload lists of all its pages, and a visitor's page should
 * not download the lists of the members' pages (PRODUCT.md, Budgets).
 */
export const pages = {
  // The landing page for a visitor, the dashboard for a member.
  home: () => import('./HomePage.tsx'),
  // A shared certificate; its owner also gets the signing panel.
  certificate: () => import('./certificate-with-signing.tsx'),
};
