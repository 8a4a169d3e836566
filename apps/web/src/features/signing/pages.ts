/**
 * Signing's page and panel, loaded on demand (see featureRoutes in lib/routing.ts); app/ loads the
 * panel from here into each document page's slot.
 */
export const pages = {
  sign: () => import('./SignPage.tsx'),
  panel: () => import('./SigningPanel.tsx'),
};
