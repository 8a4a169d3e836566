import { featureRoutes } from '../../lib/routing.ts';

export const certificateRoutes = featureRoutes(
  () => import('./pages.ts'),
  [
    { path: '/certificates/:id/download', title: 'Download certificate', access: 'public', page: 'download' },
    { path: '/certificates', title: 'Certificates', access: 'member', page: 'list' },
    { path: '/certificates/new', title: 'New certificate', access: 'member', page: 'create' },
    { path: '/certificates/edit/:id', title: 'Edit certificate', access: 'member', page: 'edit' },
  ],
);
