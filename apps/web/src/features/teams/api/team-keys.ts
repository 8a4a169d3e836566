/** Per user, so one person's team is never shown to the next one signing in on this browser. */
export const teamKey = (userId: string) => ['team', userId] as const;
