import { forgetOutbox } from './outbox-store.ts';

/*
 * What this device keeps for a signed-in user beyond the session (PRODUCT.md, Account): the
 * certificate list cache, unsynced edits, kept typing (localStorage), and the outbox with its kept
 * photos and offline copies (IndexedDB). Every feature names such a key `<name>:<user id>`, so
 * clearing needs no feature's code (lib/unsynced-changes.ts counts the unsynced ones the same way).
 * Public pages load none of it: the signed-in header and the outbox use it.
 */

/** Removes every localStorage key of the user (those ending with `:<user id>`). */
function forgetStoredKeys(storage: Storage, userId: string): void {
  try {
    const suffix = `:${userId}`;
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    for (const key of keys) if (key?.endsWith(suffix)) storage.removeItem(key);
  } catch {
    // Storage switched off by the browser: there is nothing stored to clear.
  }
}

/** Forgets everything of `userId` on this device: nothing of it is ever sent or shown again. */
export async function forgetLocalUserData(userId: string): Promise<void> {
  forgetStoredKeys(localStorage, userId);
  await forgetOutbox(userId);
}
