/** The verification pages, each loaded on demand (see featureRoutes in lib/routing.ts). */
export const pages = {
  verify: () => import('./VerifyPage.tsx'),
  verifyPdf: () => import('./VerifyPdfPage.tsx'),
};
