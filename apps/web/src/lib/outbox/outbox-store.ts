import { type DBSchema, openDB } from 'idb';
import type { OutboxChange, OutboxStore } from './outbox.ts';

interface OutboxDatabase extends DBSchema {
  changes: { key: number; value: OutboxChange; indexes: { byUser: string } };
}

/**
 * The outbox in IndexedDB (never localStorage: it will hold photos, and it must outlive a full
 * localStorage). One database per origin; every read is by user. Safari may close an idle
 * connection when an installed app is backgrounded, so each operation opens its own.
 */
function open() {
  return openDB<OutboxDatabase>('tradecert-outbox', 1, {
    upgrade(database) {
      const changes = database.createObjectStore('changes', { keyPath: 'seq', autoIncrement: true });
      changes.createIndex('byUser', 'userId');
    },
  });
}

async function withDatabase<T>(work: (database: Awaited<ReturnType<typeof open>>) => Promise<T>): Promise<T> {
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
  put: async (change) => {
    await withDatabase((database) => database.put('changes', change));
  },
  remove: (seq) => withDatabase((database) => database.delete('changes', seq)),
};

/** Forgets every change of the user (a deliberate sign-out, after its warning). */
export async function forgetOutbox(userId: string): Promise<void> {
  await withDatabase(async (database) => {
    const transaction = database.transaction('changes', 'readwrite');
    for (const key of await transaction.store.index('byUser').getAllKeys(userId)) await transaction.store.delete(key);
    await transaction.done;
  });
}
