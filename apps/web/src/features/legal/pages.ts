/** The legal pages, loaded on demand (see featureRoutes in lib/routing.ts). */
export const pages = {
  terms: () => import('./TermsPage.tsx'),
  privacy: () => import('./PrivacyPage.tsx'),
};
