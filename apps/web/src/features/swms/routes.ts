import { featureRoutes } from '../../lib/routing.ts';

export const swmsRoutes = featureRoutes(
  () => import('./pages.ts'),
  [
    { path: '/swms', title: 'Safe Work Method Statements', access: 'member', page: 'list' },
    { path: '/swms/cover-sheet', title: 'SWMS cover sheets', access: 'member', page: 'coverSheets' },
  ],
);
