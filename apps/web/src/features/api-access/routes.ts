import { featureRoutes } from '../../lib/routing.ts';

export const apiAccessRoutes = featureRoutes(
  () => import('./pages.ts'),
  [{ path: '/profile/api', title: 'API access', access: 'member', page: 'apiAccess' }],
);
