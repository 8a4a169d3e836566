/** The bundles page, loaded on demand (see featureRoutes in lib/routing.ts). */
export const pages = {
  bundles: () => import('./BundlesPage.tsx'),
};
