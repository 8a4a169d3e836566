/** The auth feature's pages, loaded on demand (see featureRoutes in lib/routing.ts). */
export const pages = {
  login: () => import('./LoginPage.tsx'),
  register: () => import('./RegisterPage.tsx'),
  callback: () => import('./AuthCallbackPage.tsx'),
  confirmEmail: () => import('./ConfirmEmailPage.tsx'),
  updatePassword: () => import('./UpdatePasswordPage.tsx'),
};
