import type { AdminUser } from '@app/contract';

/** A user's plan as the console lists it. */
export const planOf = (user: Pick<AdminUser, 'tier' | 'complimentary'>) =>
  user.tier === 'free' ? 'Free' : user.complimentary ? 'Premium (complimentary)' : 'Premium (paid)';

/**
 * What the admin can do to a user's Premium: revoke the complimentary Premium they were given, grant
 * it to a user without Premium, or nothing to a user who pays for it (the server refuses that grant).
 */
export function premiumChangeOf(user: Pick<AdminUser, 'tier' | 'complimentary'>) {
  if (user.complimentary) return { action: 'revoke', verb: 'Revoke complimentary Premium' } as const;
  return user.tier === 'free' ? ({ action: 'grant', verb: 'Grant Premium' } as const) : null;
}

/** Why the change cannot be sent yet: a reason is required (the server checks it again). */
export const reasonProblem = (reason: string) =>
  reason.trim() ? undefined : 'Give a reason: it is kept in the audit log.';
