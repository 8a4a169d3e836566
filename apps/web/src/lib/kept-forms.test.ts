import { describe, expect, it } from 'vitest';
import { forgetKeptForm, hasKeptForm, keepForm, keptFormsKey, readKeptForm } from './kept-forms.ts';
import { countUnsyncedChanges } from './unsynced-changes.ts';

/** localStorage as far as the store uses it; `full` makes every write fail as a full device does. */
function memoryStorage() {
  const items = new Map<string, string>();
  const storage = {
    full: false,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (storage.full) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
  return storage;
}

const asAddress = (values: unknown) =>
  typeof values === 'object' && values !== null && typeof (values as { address?: unknown }).address === 'string'
    ? (values as { address: string })
    : undefined;

describe('kept forms', () => {
  it("keeps each form's typing per user, with when it was kept, until it is forgotten", () => {
    const storage = memoryStorage();
    const at = new Date('2026-11-26T01:00:00Z');
    expect(keepForm(storage, 'u1', 'new-certificate', { address: '1 Site St' }, at)).toBe(true);
    expect(keepForm(storage, 'u1', 'profile', { address: 'Office' }, at)).toBe(true);
    expect(readKeptForm(storage, 'u1', 'new-certificate', asAddress)).toEqual({
      values: { address: '1 Site St' },
      keptAt: '2026-11-26T01:00:00.000Z',
    });
    // Another user of the same phone sees none of it.
    expect(readKeptForm(storage, 'u2', 'new-certificate', asAddress)).toBeUndefined();
    expect(hasKeptForm(storage, 'u1', 'profile')).toBe(true);

    forgetKeptForm(storage, 'u1', 'profile');
    expect(hasKeptForm(storage, 'u1', 'profile')).toBe(false);
    forgetKeptForm(storage, 'u1', 'new-certificate');
    expect(storage.getItem(keptFormsKey('u1'))).toBeNull();
  });

  it('does not offer values that no longer fit the form, or an unreadable entry', () => {
    const storage = memoryStorage();
    keepForm(storage, 'u1', 'new-certificate', { street: 'old shape' });
    expect(readKeptForm(storage, 'u1', 'new-certificate', asAddress)).toBeUndefined();
    storage.setItem(keptFormsKey('u1'), '{not json');
    expect(readKeptForm(storage, 'u1', 'new-certificate', asAddress)).toBeUndefined();
    expect(hasKeptForm(storage, 'u1', 'new-certificate')).toBe(false);
  });

  it('says so when the device has no room to keep the typing', () => {
    const storage = memoryStorage();
    storage.full = true;
    expect(keepForm(storage, 'u1', 'new-certificate', { address: '1 Site St' })).toBe(false);
  });

  it('counts kept typing among the changes signing out warns about', () => {
    const storage = memoryStorage();
    keepForm(storage, 'u1', 'new-certificate', { address: '1 Site St' });
    keepForm(storage, 'u1', 'certificate:abc', { address: '2 Site St' });
    expect(countUnsyncedChanges(storage, 'u1')).toBe(2);
  });
});
