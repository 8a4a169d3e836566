/**
 * The pages app/ composes from several features, loaded on demand like every feature's pages
 * (see featureRoutes in lib/routing.ts).
 */
export const pages = {
  // The landing page for a visitor, the dashboard for a member.
  home: () => import('./HomePage.tsx'),
  // The company profile with the account's settings (auth) under it.
  profile: () => import('./ProfilePage.tsx'),
  certificate: () => import('./certificate-with-signing.tsx'),
  swms: () => import('./swms-signing-pages.tsx').then((module) => ({ default: module.SwmsWithSigning })),
  coverSheet: () => import('./swms-signing-pages.tsx').then((module) => ({ default: module.CoverSheetWithSigning })),
};
