import { featureRoutes } from '../../lib/routing.ts';

export const teamRoutes = featureRoutes(
  () => import('./pages.ts'),
  [
    { path: '/team', title: 'Team', access: 'member', page: 'team' },
    { path: '/team/activity', title: 'Activity', access: 'member', page: 'activity' },
    { path: '/invite/:token', title: 'Invitation', access: 'public', page: 'invite', withoutQueryClient: true },
  ],
);
