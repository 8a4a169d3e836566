import { featureRoutes } from '../../lib/routing.ts';

/** Any other path. Lazy too: a page nobody asked for should not weigh on every page's entry chunk. */
export const notFoundRoutes = featureRoutes(
  () => import('./pages.ts'),
  [{ path: '*', title: 'Page not found', access: 'public', page: 'notFound', withoutQueryClient: true }],
);
