/** The admin console, loaded on demand (see featureRoutes in lib/routing.ts). */
export const pages = {
  admin: () => import('./AdminPage.tsx'),
};
