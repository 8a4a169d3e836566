/** Per user, so one person's team is never shown to the next one signing in on this browser. */
export const teamKey = (userId: string) => ['team', userId] as const;

/** The owner's activity view, per user and per filter (ADR 0090). */
export const activityKey = (userId: string, filter: { member?: string; kind?: string }) =>
  ['team', userId, 'activity', filter] as const;
