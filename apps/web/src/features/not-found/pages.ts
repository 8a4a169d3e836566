/** The page for any other path, loaded on demand (see featureRoutes in lib/routing.ts). */
export const pages = {
  notFound: () => import('./NotFoundPage.tsx'),
};
