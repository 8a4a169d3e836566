import { featureRoutes } from '../../lib/routing.ts';

export const complianceRoutes = featureRoutes(
  () => import('./pages.ts'),
  [{ path: '/compliance', title: 'Compliance', access: 'member', page: 'compliance' }],
);
