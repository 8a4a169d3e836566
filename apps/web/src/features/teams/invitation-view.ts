import { errorCodes, type InvitableRole, type InvitationPreview, type RecordsToResolve } from '@app/contract';
import { ApiError } from '../../lib/http.ts';

/** How the invitation names the role it offers: "… invited you to join as field crew". */
export const INVITED_AS: Record<InvitableRole, string> = { office: 'office staff', field: 'field crew' };

/**
 * The business as the page names it, at the start of a sentence or inside one: its name is empty
 * until its owner fills in the profile.
 */
export const businessCalled = (name: string, { starting = false } = {}) =>
  name.trim() || (starting ? 'A business on TradeCert' : 'whoever invited you');

/** What the invitation page shows, from the link's state and who is signed in on this browser. */
export type InvitationView =
  | { kind: 'closed'; title: string; nextStep: string }
  | { kind: 'signed-out' }
  | { kind: 'wrong-address'; email: string }
  | { kind: 'can-join' };

const CLOSED_TITLES = {
  expired: 'This invitation has expired',
  used: 'This invitation has already been used',
  revoked: 'This invitation was withdrawn',
} as const;

export function invitationView(invitation: InvitationPreview, signedInAs: string | null): InvitationView {
  if (invitation.status !== 'pending') {
    return {
      kind: 'closed',
      title: CLOSED_TITLES[invitation.status],
      nextStep: `Ask ${businessCalled(invitation.business_name)} to send a new invitation.`,
    };
  }
  if (signedInAs === null) return { kind: 'signed-out' };
  // Addresses are kept lower-case by the server; a session from before may not be.
  if (signedInAs.toLowerCase() !== invitation.email.toLowerCase()) {
    return { kind: 'wrong-address', email: invitation.email };
  }
  return { kind: 'can-join' };
}

/**
 * The counts a 409 `records_to_resolve` names in its details (`certificates`, `safety_documents`,
 * each number as digits); null for any other answer.
 */
export function recordsToResolve(error: unknown): RecordsToResolve | null {
  if (!(error instanceof ApiError) || error.code !== errorCodes.recordsToResolve) return null;
  const count = (path: string) => {
    const value = Number(error.details.find((issue) => issue.path === path)?.message);
    return Number.isSafeInteger(value) && value >= 0 ? value : 0;
  };
  return { certificates: count('certificates'), safety_documents: count('safety_documents') };
}
