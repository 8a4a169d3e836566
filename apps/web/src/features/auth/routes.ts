import { featureRoutes } from '../../lib/routing.ts';

export const authRoutes = featureRoutes(
  () => import('./pages.ts'),
  [
    { path: '/login', title: 'Sign in', access: 'public', page: 'login', withoutQueryClient: true },
    { path: '/register', title: 'Create your account', access: 'public', page: 'register' },
    { path: '/auth/callback', title: 'Signing you in', access: 'public', page: 'callback' },
    { path: '/auth/confirm', title: 'Confirm your email', access: 'public', page: 'confirmEmail' },
    { path: '/auth/update-password', title: 'Set a new password', access: 'public', page: 'updatePassword' },
  ],
);
