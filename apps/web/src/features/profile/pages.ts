/**
 * The profile feature's pages, loaded on demand (see featureRoutes in lib/routing.ts). The profile
 * page itself is routed by app/, which puts the account's settings under it.
 */
export const pages = {
  onboarding: () => import('./OnboardingPage.tsx'),
  welcome: () => import('./WelcomePage.tsx'),
  materials: () => import('./MaterialsPage.tsx'),
};
