import { featureRoutes } from '../../lib/routing.ts';

export const legalRoutes = featureRoutes(
  () => import('./pages.ts'),
  [
    { path: '/terms', title: 'Terms of service', access: 'public', page: 'terms', withoutQueryClient: true },
    { path: '/privacy', title: 'Privacy policy', access: 'public', page: 'privacy', withoutQueryClient: true },
  ],
);
