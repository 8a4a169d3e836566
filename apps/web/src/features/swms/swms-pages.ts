/*
 * Loaders of the SWMS pages, kept out of the entry chunk as billing-pages.ts explains: Vite writes
 * each dynamic import's preload list into the module that holds the import (PRODUCT.md, Budgets).
 */
export default {
  list: () => import('./SwmsListPage.tsx'),
  swms: () => import('./SwmsPage.tsx'),
  coverSheets: () => import('./CoverSheetListPage.tsx'),
  coverSheet: () => import('./CoverSheetEditPage.tsx'),
  verify: () => import('./SwmsVerifyPage.tsx'),
};
