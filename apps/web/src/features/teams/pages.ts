/** The team's pages, loaded on demand (see featureRoutes in lib/routing.ts). */
export const pages = {
  team: () => import('./TeamPage.tsx'),
  activity: () => import('./ActivityPage.tsx'),
  invite: () => import('./InvitePage.tsx'),
};
