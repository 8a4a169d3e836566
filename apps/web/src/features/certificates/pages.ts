/**
 * The certificate pages, loaded on demand (see featureRoutes in lib/routing.ts). The certificate
 * itself is routed by app/, which composes signing onto it.
 */
export const pages = {
  list: () => import('./CertificatesListPage.tsx'),
  create: () => import('./NewCertificatePage.tsx'),
  edit: () => import('./EditCertificatePage.tsx'),
  download: () => import('./CertificateDownloadPage.tsx'),
};
