/*
 * Word that a member was removed from their business (ADR 0077, Removal), left by the session store
 * when a refresh answers `member_removed`. The session store is in the script every public page
 * loads, so it only leaves word; the members' code drops what the device keeps of them
 * (lib/outbox/local-user-data.ts) before any outbox drain. The key ends with `:<user id>`, so dropping
 * their data clears it too.
 */

const markOf = (userId: string) => `removed-member:${userId}`;

export function markRemovedMember(storage: Pick<Storage, 'setItem'>, userId: string): void {
  try {
    storage.setItem(markOf(userId), '1');
  } catch {
    // Storage full or blocked: the members' code still drops their data on the sign-out it heard.
  }
}

export function wasRemoved(storage: Pick<Storage, 'getItem'>, userId: string): boolean {
  try {
    return storage.getItem(markOf(userId)) !== null;
  } catch {
    return false;
  }
}
