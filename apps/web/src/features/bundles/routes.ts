import { featureRoutes } from '../../lib/routing.ts';

export const bundleRoutes = featureRoutes(
  () => import('./pages.ts'),
  [{ path: '/bundles', title: 'Document bundles', access: 'member', page: 'bundles' }],
);
