import { featureRoutes } from '../../lib/routing.ts';

export const galleryRoutes = featureRoutes(
  () => import('./pages.ts'),
  [{ path: '/gallery', title: 'Photo gallery', access: 'public', page: 'gallery' }],
);
