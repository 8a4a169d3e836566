/** The API access page (tokens and webhooks), loaded on demand (see featureRoutes in lib/routing.ts). */
export const pages = {
  apiAccess: () => import('./ApiAccessPage.tsx'),
};
