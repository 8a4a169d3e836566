import { errorCodes, teamMessages } from '@app/contract';
import type { MemberRole } from '../../platform/accounts/memberships.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * Who may invite, resend, revoke or remove whom (ADR 0077, `members.invite`): the owner anyone but
 * the owner, the office the field crew only, the field crew nobody.
 */
export function assertMayManage(callerRole: MemberRole, targetRole: MemberRole): void {
  const allowed = callerRole === 'owner' ? targetRole !== 'owner' : callerRole === 'office' && targetRole === 'field';
  if (!allowed) throw forbidden();
}

/** Changing roles is the owner's alone (`members.roles`). */
export function assertOwner(callerRole: MemberRole): void {
  if (callerRole !== 'owner') throw forbidden();
}

const forbidden = () => new AppError(403, errorCodes.forbidden, teamMessages.forbidden);

/** What mail and messages call a business whose owner has not named it yet. */
export const businessNameOf = (companyName: string | null) => companyName?.trim() || 'a business on TradeCert';
