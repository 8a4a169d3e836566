/**
 * Changes kept only on this device because the server has not got them yet, by the feature that
 * keeps them: one key per user (ending with `:<user id>`, like every per-user key) holding a JSON
 * object with one entry per change. Listed here so signing out can count them without loading any
 * feature's code (PRODUCT.md, Account).
 */
export const unsyncedChangeKeys = {
  /** lib/kept-forms.ts: typing not saved yet. */
  keptForms: (userId: string) => `kept-forms:${userId}`,
};

/** How many unsynced changes this device keeps for the user, in every feature. */
export function countUnsyncedChanges(storage: Pick<Storage, 'getItem'>, userId: string): number {
  let count = 0;
  for (const keyOf of Object.values(unsyncedChangeKeys)) {
    try {
      const raw = storage.getItem(keyOf(userId));
      const changes: unknown = raw === null ? null : JSON.parse(raw);
      if (changes !== null && typeof changes === 'object') count += Object.keys(changes).length;
    } catch {
      // Unreadable: the feature would not offer it again either, so nothing is lost.
    }
  }
  return count;
}
