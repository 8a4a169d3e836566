import { NetworkError } from './http.ts';
import { copiesOfUser, withDatabase } from './outbox/outbox-store.ts';

/*
 * The last answer the server gave each of a member's recent reads (a certificate, a SWMS, a cover
 * sheet, their lists), kept in IndexedDB per user so the app still shows them with no connection
 * (issue 23). Copies are expendable: a failure to keep one is ignored, and only the most recent are
 * kept. Signing out forgets them (outbox-store.ts, forgetOutbox).
 */

/** How many copies a user keeps, the oldest dropped first (the list copy of SPEC §9 keeps 50 too). */
const COPIES_PER_USER = 50;

const copyId = (userId: string, key: string) => `${userId} ${key}`;

async function keepCopy(userId: string, key: string, value: unknown): Promise<void> {
  await withDatabase(async (database) => {
    const transaction = database.transaction('copies', 'readwrite');
    const copies = transaction.store;
    await copies.put({ id: copyId(userId, key), userId, value, keptAt: new Date().toISOString() });
    const ids = await copies.index('byUserAndTime').getAllKeys(copiesOfUser(userId));
    for (const id of ids.slice(0, Math.max(0, ids.length - COPIES_PER_USER))) await copies.delete(id);
    await transaction.done;
  });
}

async function copyOf(userId: string, key: string): Promise<unknown> {
  const copy = await withDatabase((database) => database.get('copies', copyId(userId, key)));
  return copy?.userId === userId ? copy.value : undefined;
}

/**
 * Reads from the server and keeps a copy of the answer; with no connection, answers the copy
 * instead when there is one (else the NetworkError stands). `key` names the read, e.g. `swms:<id>`.
 */
export async function readThroughCopy<T>(userId: string, key: string, read: () => Promise<T>): Promise<T> {
  try {
    const fresh = await read();
    void keepCopy(userId, key, fresh).catch(() => undefined);
    return fresh;
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const copy = await copyOf(userId, key).catch(() => undefined);
    if (copy === undefined) throw error;
    return copy as T;
  }
}
