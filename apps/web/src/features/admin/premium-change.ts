import type { AdminUser } from '@app/contract';

/** A user's plan as the console lists it. */
export const planOf = (user: Pick<AdminUser, 'tier' | 'complimentary'>) =>
  user.tier === 'free' ? 'Free' : user.complimentary ? 'Premium (complimentary)' : 'Premium (paid)';

/** What the admin can do to a user's Premium: grant it, or revoke the complimentary Premium they were given. */
export function premiumChangeOf(user: Pick<AdminUser, 'complimentary'>) {
  return user.complimentary
    ? ({ action: 'revoke', verb: 'Revoke complimentary Premium' } as const)
    : ({ action: 'grant', verb: 'Grant Premium' } as const);
}

/** Why the change cannot be sent yet: a reason is required (the server checks it again). */
export const reasonProblem = (reason: string) =>
  reason.trim() ? undefined : 'Give a reason: it is kept in the audit log.';
