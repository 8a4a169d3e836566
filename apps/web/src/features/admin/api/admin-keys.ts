/** Per signed-in user, so one person's console is never shown to the next one signing in on this browser. */
export const adminKeys = {
  all: (userId: string) => ['admin', userId] as const,
  access: (userId: string) => ['admin', userId, 'access'] as const,
  users: (userId: string, q: string, cursor: string | undefined) => ['admin', userId, 'users', q, cursor] as const,
  contactMessages: (userId: string, cursor: string | undefined) =>
    ['admin', userId, 'contact-messages', cursor] as const,
  businesses: (userId: string, cursor: string | undefined) => ['admin', userId, 'businesses', cursor] as const,
  monthlyStats: (userId: string) => ['admin', userId, 'monthly-stats'] as const,
};
