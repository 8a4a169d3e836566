import { type DBSchema, openDB } from 'idb';
import type { OutboxChange, OutboxStore } from './outbox.ts';

/** A photo taken with no connection: kept here until its upload has gone through. */
type KeptPhoto = { id: string; userId: string; blob: Blob; keptAt: string };

/** The last answer the server gave a read (lib/offline-copies.ts), to show with no connection. */
type OfflineCopy = { id: string; userId: string; value: unknown; keptAt: string };

interface OutboxDatabase extends DBSchema {
  changes: { key: number; value: OutboxChange; indexes: { byUser: string } };
  photos: { key: string; value: KeptPhoto; indexes: { byUser: string } };
  copies: { key: string; value: OfflineCopy; indexes: { byUserAndTime: [string, string] } };
}

/**
 * The outbox in IndexedDB (never localStorage: it will hold photos, and it must outlive a full
 * localStorage). One database per origin; every read is by user. Safari may close an idle
 * connection when an installed app is backgrounded, so each operation opens its own.
 */
function open() {
  return openDB<OutboxDatabase>('tradecert-outbox', 2, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        const changes = database.createObjectStore('changes', { keyPath: 'seq', autoIncrement: true });
        changes.createIndex('byUser', 'userId');
        const photos = database.createObjectStore('photos', { keyPath: 'id' });
        photos.createIndex('byUser', 'userId');
      }
      if (oldVersion < 2) {
        database.createObjectStore('copies', { keyPath: 'id' }).createIndex('byUserAndTime', ['userId', 'keptAt']);
      }
    },
  });
}

export async function withDatabase<T>(work: (database: Awaited<ReturnType<typeof open>>) => Promise<T>): Promise<T> {
  const database = await open();
  try {
    return await work(database);
  } finally {
    database.close();
  }
}

export const indexedDbOutbox: OutboxStore = {
  // `seq` is left out so IndexedDB numbers the change after every other.
  add: (change) => withDatabase((database) => database.add('changes', change as OutboxChange)),
  list: (userId) =>
    withDatabase(async (database) =>
      (await database.getAllFromIndex('changes', 'byUser', userId)).sort((a, b) => a.seq - b.seq),
    ),
  // Updates a change still waiting, never brings back one forgotten meanwhile: a drain that was
  // sending when its member was removed must not put their change back (ADR 0077, Removal).
  put: async (change) => {
    await withDatabase(async (database) => {
      const transaction = database.transaction('changes', 'readwrite');
      if ((await transaction.store.getKey(change.seq)) !== undefined) await transaction.store.put(change);
      await transaction.done;
    });
  },
  remove: (seq) => withDatabase((database) => database.delete('changes', seq)),
};

/** Keeps a photo (already made smaller) under the id its upload will give it. */
export async function keepPhoto(userId: string, id: string, blob: Blob): Promise<void> {
  await withDatabase((database) => database.put('photos', { id, userId, blob, keptAt: new Date().toISOString() }));
}

/** The user's kept photo, if it is still on this phone. */
export async function keptPhoto(userId: string, id: string): Promise<Blob | undefined> {
  const photo = await withDatabase((database) => database.get('photos', id));
  return photo?.userId === userId ? photo.blob : undefined;
}

export async function forgetPhoto(id: string): Promise<void> {
  await withDatabase((database) => database.delete('photos', id));
}

/** The keys of the user's offline copies, oldest first. */
export const copiesOfUser = (userId: string) => IDBKeyRange.bound([userId, ''], [userId, '\uffff']);

/** Forgets every change, kept photo and offline copy of the user (a deliberate sign-out, after its warning). */
export async function forgetOutbox(userId: string): Promise<void> {
  await withDatabase(async (database) => {
    const transaction = database.transaction(['changes', 'photos', 'copies'], 'readwrite');
    const changes = transaction.objectStore('changes');
    for (const seq of await changes.index('byUser').getAllKeys(userId)) await changes.delete(seq);
    const photos = transaction.objectStore('photos');
    for (const id of await photos.index('byUser').getAllKeys(userId)) await photos.delete(id);
    const copies = transaction.objectStore('copies');
    for (const id of await copies.index('byUserAndTime').getAllKeys(copiesOfUser(userId))) await copies.delete(id);
    await transaction.done;
  });
}
