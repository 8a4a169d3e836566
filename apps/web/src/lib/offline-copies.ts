import { NetworkError } from './http.ts';
import { copiesOfUser, withDatabase } from './outbox/outbox-store.ts';

/*
 * The last answer the server gave each of a member's recent reads (a certificate, a SWMS, a cover
 * sheet, their lists), kept in IndexedDB per user so the app still shows them with no connection
 * (ADR 0036). Copies are expendable: a failure to keep one is ignored, and only the most recent are
 * kept. Signing out forgets them (outbox-store.ts, forgetOutbox).
 */

/** How many copies a user keeps, the oldest dropped first (the certificate list's cache keeps 50 too). */
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

/** Keeping a copy takes milliseconds; a database that hangs must not hold the page back longer. */
const KEEP_COPY_WAIT_MS = 2_000;

/** Keeps the copy, waiting for it at most KEEP_COPY_WAIT_MS; a failure to keep it is ignored. */
async function keepCopyBriefly(userId: string, key: string, value: unknown): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const givenUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, KEEP_COPY_WAIT_MS);
  });
  await Promise.race([keepCopy(userId, key, value).catch(() => undefined), givenUp]);
  clearTimeout(timer);
}

/**
 * Reads from the server and keeps a copy of the answer; with no connection, answers the copy
 * instead when there is one (else the NetworkError stands). `key` names the read, e.g. `swms:<id>`.
 * The answer comes once its copy is kept: what a member has seen opens with no connection, even if
 * the signal goes, or the app is closed, the moment it shows.
 */
export async function readThroughCopy<T>(userId: string, key: string, read: () => Promise<T>): Promise<T> {
  try {
    const fresh = await read();
    await keepCopyBriefly(userId, key, fresh);
    return fresh;
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const copy = await copyOf(userId, key).catch(() => undefined);
    if (copy === undefined) throw error;
    return copy as T;
  }
}
