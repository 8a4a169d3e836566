/** The photo gallery, loaded on demand (see featureRoutes in lib/routing.ts). */
export const pages = {
  gallery: () => import('./GalleryPage.tsx'),
};
