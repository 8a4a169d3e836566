import { describe, expect, it } from 'vitest';
import { markRemovedMember, wasRemoved } from './removed-member.ts';

function createStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    keys: () => [...items.keys()],
  };
}

describe('word of a removed member', () => {
  it('names only that member, under a key their data is dropped with (`…:<user id>`)', () => {
    const storage = createStorage();
    markRemovedMember(storage, 'user-1');
    expect(wasRemoved(storage, 'user-1')).toBe(true);
    expect(wasRemoved(storage, 'user-2')).toBe(false);
    expect(storage.keys().every((key) => key.endsWith(':user-1'))).toBe(true);
  });

  it('is lost, not thrown, when the browser refuses storage', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => markRemovedMember(refusing, 'user-1')).not.toThrow();
    expect(wasRemoved(refusing, 'user-1')).toBe(false);
  });
});
