/** The compliance page, loaded on demand (see featureRoutes in lib/routing.ts). */
export const pages = {
  compliance: () => import('./CompliancePage.tsx'),
};
