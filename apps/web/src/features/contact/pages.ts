/** The contact page, loaded on demand (see featureRoutes in lib/routing.ts). */
export const pages = {
  contact: () => import('./ContactPage.tsx'),
};
