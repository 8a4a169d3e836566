/**
 * The members' pages app/ composes from several features, loaded on demand like every feature's
 * pages (see featureRoutes in lib/routing.ts); the public ones are in public-pages.ts.
 */
export const pages = {
  // The company profile with the account's settings (auth) under it.
  profile: () => import('./ProfilePage.tsx'),
  swms: () => import('./swms-signing-pages.tsx').then((module) => ({ default: module.SwmsWithSigning })),
  coverSheet: () => import('./swms-signing-pages.tsx').then((module) => ({ default: module.CoverSheetWithSigning })),
};
