import { featureRoutes } from '../../lib/routing.ts';

export const signingRoutes = featureRoutes(
  () => import('./pages.ts'),
  [{ path: '/sign/:token', title: 'Sign document', access: 'public', page: 'sign', withoutQueryClient: true }],
);
