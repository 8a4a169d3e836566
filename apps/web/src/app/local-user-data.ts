import { forgetLocalCertificates, unsyncedEditCount } from '../features/certificates/local-edits.ts';

/*
 * What this device keeps for a signed-in user beyond the session itself (PRODUCT.md, Account). A
 * feature that keeps something per user in local storage adds it here.
 */

/** Changes kept only on this device (not yet saved to the server), which signing out would lose. */
export function unsyncedChangeCount(userId: string): number {
  return unsyncedEditCount(localStorage, userId);
}

/** Clears it all: on a deliberate sign-out and when the account is deleted, not when a session expires. */
export function forgetLocalUserData(userId: string): void {
  try {
    forgetLocalCertificates(localStorage, userId);
  } catch {
    // Storage switched off by the browser: there is nothing stored to clear.
  }
}
