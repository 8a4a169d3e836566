import { useEffect } from 'react';
import { onAuthStateChange } from '../lib/auth/auth-store.ts';
import { forgetOutbox } from '../lib/outbox/outbox-store.ts';

/*
 * What this device keeps for a signed-in user beyond the session (PRODUCT.md, Account): the
 * certificate list cache, unsynced edits, kept typing, and the outbox (IndexedDB). Every feature names such a key `<name>:<user id>`, so
 * clearing needs no feature's code and public pages load none of it (lib/unsynced-changes.ts counts
 * the unsynced ones the same way). Loaded with the signed-in header (MemberActions).
 */

/** Removes every localStorage key of the user (those ending with `:<user id>`). */
function forgetLocalUserData(storage: Storage, userId: string): void {
  try {
    const suffix = `:${userId}`;
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) if (key?.endsWith(suffix)) storage.removeItem(key);
  } catch {
    // Storage switched off by the browser: there is nothing stored to clear.
  }
}

/**
 * Clears it all when `userId` signs out on purpose (here or in another tab) or deletes the account.
 * A session that expires keeps it, for when the same user signs in again.
 */
export function useForgetLocalDataOnSignOut(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    return onAuthStateChange((change) => {
      if (change.event === 'SIGNED_OUT' && !change.expired) {
        forgetLocalUserData(localStorage, userId);
        // The outbox too (after sign-out's warning about unsynced changes): never sent under anyone's name.
        void forgetOutbox(userId).catch(() => undefined);
      }
    });
  }, [userId]);
}
