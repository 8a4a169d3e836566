import { useEffect } from 'react';
import { onAuthStateChange } from '../lib/auth/auth-store.ts';
import { forgetLocalUserData } from '../lib/outbox/local-user-data.ts';

/**
 * Clears what this device keeps for `userId` (lib/outbox/local-user-data.ts) when they sign out on purpose
 * (here or in another tab), delete the account, or are removed from the business. A session that
 * expires keeps it, for when the same user signs in again. Loaded with the signed-in header (MemberActions).
 */
export function useForgetLocalDataOnSignOut(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    return onAuthStateChange((change) => {
      // The outbox too (after sign-out's warning about unsynced changes): never sent under anyone's name.
      if (change.event === 'SIGNED_OUT' && (!change.expired || change.removed)) {
        void forgetLocalUserData(userId).catch(() => undefined);
      }
    });
  }, [userId]);
}
