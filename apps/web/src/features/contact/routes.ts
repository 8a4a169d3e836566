import { featureRoutes } from '../../lib/routing.ts';

export const contactRoutes = featureRoutes(
  () => import('./pages.ts'),
  [{ path: '/contact', title: 'Contact us', access: 'public', page: 'contact', withoutQueryClient: true }],
);
