/** The team's pages, loaded on demand (see featureRoutes in lib/routing.ts). */
export const pages = {
  team: () => import('./TeamPage.tsx'),
  invite: () => import('./InvitePage.tsx'),
};
