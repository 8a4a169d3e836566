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
  swms: () => import('../features/swms/SwmsPage.tsx'),
  coverSheets: () => import('../features/swms/CoverSheetListPage.tsx'),
  coverSheet: () => import('../features/swms/CoverSheetEditPage.tsx'),
  swmsVerify: () => import('../features/swms/SwmsVerifyPage.tsx'),
  notFound: () => import('../features/not-found/NotFoundPage.tsx'),
};
