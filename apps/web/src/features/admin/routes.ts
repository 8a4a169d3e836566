import { featureRoutes } from '../../lib/routing.ts';

export const adminRoutes = featureRoutes(
  () => import('./pages.ts'),
  [{ path: '/admin', title: 'Admin', access: 'member', page: 'admin' }],
);
