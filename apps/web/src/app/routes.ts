import { adminRoutes } from '../features/admin/routes.ts';
import { apiAccessRoutes } from '../features/api-access/routes.ts';
import { authRoutes } from '../features/auth/routes.ts';
import { billingRoutes } from '../features/billing/routes.ts';
import { bundleRoutes } from '../features/bundles/routes.ts';
import { certificateRoutes } from '../features/certificates/routes.ts';
import { complianceRoutes } from '../features/compliance/routes.ts';
import { contactRoutes } from '../features/contact/routes.ts';
import { galleryRoutes } from '../features/gallery/routes.ts';
import { legalRoutes } from '../features/legal/routes.ts';
import { notFoundRoutes } from '../features/not-found/routes.ts';
import { profileRoutes } from '../features/profile/routes.ts';
import { signingRoutes } from '../features/signing/routes.ts';
import { swmsRoutes } from '../features/swms/routes.ts';
import { teamRoutes } from '../features/teams/routes.ts';
import { verificationRoutes } from '../features/verification/routes.ts';
import { featureRoutes, type PageRoute } from '../lib/routing.ts';

/** The routes of the pages app/ composes from several features, and of those not built yet. */
const composedPublicRoutes = featureRoutes(
  () => import('./public-pages.ts'),
  [
    {
      path: '/',
      title: 'Compliance certificates for trades',
      access: 'public',
      page: 'home',
      withoutQueryClient: true,
    },
    { path: '/home', title: 'Home', access: 'public', page: 'home', withoutQueryClient: true },
    {
      path: '/certificates/:id',
      title: 'Certificate',
      access: 'public',
      page: 'certificate',
      withoutQueryClient: true,
    },
  ],
);
const composedRoutes = featureRoutes(
  () => import('./pages.ts'),
  [
    { path: '/profile', title: 'Company profile', access: 'member', page: 'profile' },
    { path: '/swms/:id', title: 'SWMS', access: 'member', page: 'swms' },
    { path: '/swms/cover-sheet/edit/:id', title: 'Edit SWMS cover sheet', access: 'member', page: 'coverSheet' },
  ],
);

/** Every route of PRODUCT.md, Routes: each feature's entries and app/'s. */
export const routes: readonly PageRoute[] = [
  ...composedPublicRoutes,
  ...composedRoutes,
  ...authRoutes,
  ...billingRoutes,
  ...contactRoutes,
  ...legalRoutes,
  ...certificateRoutes,
  ...galleryRoutes,
  ...signingRoutes,
  ...verificationRoutes,
  ...profileRoutes,
  ...apiAccessRoutes,
  ...teamRoutes,
  ...swmsRoutes,
  ...bundleRoutes,
  ...complianceRoutes,
  ...adminRoutes,
  ...notFoundRoutes,
];
