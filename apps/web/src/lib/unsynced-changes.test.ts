import { describe, expect, it } from 'vitest';
import { countUnsyncedChanges, unsyncedChangeKeys } from './unsynced-changes.ts';

const storageWith = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });

describe('countUnsyncedChanges', () => {
  it("counts one user's entries, and nothing for storage that is empty or unreadable", () => {
    const key = unsyncedChangeKeys.keptForms;
    const storage = storageWith({ [key('u')]: '{"c-1":{},"c-2":{}}', [key('other')]: '{"c-3":{}}', [key('bad')]: '{' });
    expect(countUnsyncedChanges(storage, 'u')).toBe(2);
    expect(countUnsyncedChanges(storage, 'other')).toBe(1);
    expect(countUnsyncedChanges(storage, 'bad')).toBe(0);
    expect(countUnsyncedChanges(storage, 'nobody')).toBe(0);
  });
});
