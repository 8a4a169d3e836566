/*
 * Loaders of the pages added after the first release. The route table loads this small module first,
 * as it does billing's (billing-pages.ts): Vite writes each dynamic import's list of chunks to preload
 * into the module that holds the import, and here those lists stay out of the entry chunk every page
 * pays for (PRODUCT.md, Budgets: 130 KB).
 */
export const pageLoaders = {
  contact: () => import('../features/contact/ContactPage.tsx'),
  admin: () => import('../features/admin/AdminPage.tsx'),
  terms: () => import('../features/legal/TermsPage.tsx'),
  privacy: () => import('../features/legal/PrivacyPage.tsx'),
  bundles: () => import('../features/bundles/BundlesPage.tsx'),
  swmsList: () => import('../features/swms/SwmsListPage.tsx'),
  // With signing composed in (swms-signing-pages.tsx).
  swms: () => import('./swms-signing-pages.tsx').then((module) => ({ default: module.SwmsWithSigning })),
  coverSheets: () => import('../features/swms/CoverSheetListPage.tsx'),
  coverSheet: () => import('./swms-signing-pages.tsx').then((module) => ({ default: module.CoverSheetWithSigning })),
  verify: () => import('../features/verification/VerifyPage.tsx'),
  notFound: () => import('../features/not-found/NotFoundPage.tsx'),
};
