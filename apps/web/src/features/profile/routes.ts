import { featureRoutes } from '../../lib/routing.ts';

export const profileRoutes = featureRoutes(
  () => import('./pages.ts'),
  [
    { path: '/materials', title: 'Materials', access: 'member', page: 'materials' },
    { path: '/onboarding', title: 'Set up your company', access: 'member', page: 'onboarding' },
    { path: '/welcome', title: 'Welcome', access: 'member', page: 'welcome' },
  ],
);
