/**
 * The SWMS lists, loaded on demand (see featureRoutes in lib/routing.ts). A SWMS and a cover sheet
 * are routed by app/, which composes signing onto them.
 */
export const pages = {
  list: () => import('./SwmsListPage.tsx'),
  coverSheets: () => import('./CoverSheetListPage.tsx'),
};
