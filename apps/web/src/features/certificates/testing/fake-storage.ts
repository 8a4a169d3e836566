import type { CacheStorage } from '../certificate-cache.ts';

/**
 * An in-memory Storage with a quota: a write that would make all values together longer than
 * `capacity` characters throws QuotaExceededError, as a full localStorage does.
 */
export class FakeStorage implements CacheStorage {
  readonly items = new Map<string, string>();
  /** The length of every value written, accepted or not. */
  readonly attempts: number[] = [];
  private readonly capacity: number;

  constructor(capacity = Number.POSITIVE_INFINITY) {
    this.capacity = capacity;
  }

  getItem(key: string) {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string) {
    this.attempts.push(value.length);
    let others = 0;
    for (const [name, stored] of this.items) if (name !== key) others += stored.length;
    if (others + value.length > this.capacity) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    this.items.set(key, value);
  }

  removeItem(key: string) {
    this.items.delete(key);
  }
}
