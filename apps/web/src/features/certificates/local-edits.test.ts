import { describe, expect, it } from 'vitest';
import { unsyncedChangeKeys } from '../../lib/unsynced-changes.ts';
import { cacheCertificates, readCachedCertificates } from './certificate-cache.ts';
import { emptyFormValues } from './certificate-form.ts';
import { discardLocalEdit, type LocalEdit, localEditsKey, readLocalEdit, saveLocalEdit } from './local-edits.ts';
import { FakeStorage } from './testing/fake-storage.ts';

const edit: LocalEdit = {
  values: { ...emptyFormValues({ commonMaterials: ['Ardex WPM 300'], today: '2026-11-22' }), areas: 'Laundry' },
  status: 'completed',
  savedAt: '2026-11-22T03:00:00.000Z',
};

describe('local edits', () => {
  it('keeps an unsaved edit per user and certificate until it is discarded', () => {
    const storage = new FakeStorage();
    expect(saveLocalEdit(storage, 'u', 'c-1', edit)).toBe(true);
    expect(readLocalEdit(storage, 'u', 'c-1')).toEqual(edit);
    expect(readLocalEdit(storage, 'u', 'c-2')).toBeUndefined();
    expect(readLocalEdit(storage, 'other-user', 'c-1')).toBeUndefined();

    discardLocalEdit(storage, 'u', 'c-1');
    expect(readLocalEdit(storage, 'u', 'c-1')).toBeUndefined();
    expect(storage.items.has(localEditsKey('u'))).toBe(false);
  });

  it('keeps the reason typed for an amendment with the edit, and reads edits kept before it was', () => {
    const storage = new FakeStorage();
    const amendment = { ...edit, amendmentReason: 'Laundry added: it was left off' };
    expect(saveLocalEdit(storage, 'u', 'c-1', amendment)).toBe(true);
    expect(readLocalEdit(storage, 'u', 'c-1')?.amendmentReason).toBe('Laundry added: it was left off');

    storage.setItem(localEditsKey('u'), JSON.stringify({ 'c-2': edit }));
    expect(readLocalEdit(storage, 'u', 'c-2')).toEqual(edit);
  });

  it('are what sign-out counts as unsynced changes', () => {
    expect(unsyncedChangeKeys.certificateEdits('u')).toBe(localEditsKey('u'));
  });

  it('frees space by cleaning up the certificate list cache when storage is full', () => {
    const summaries = Array.from({ length: 50 }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      certificate_number: null,
      job_site_address: `${i} Harbour St`,
      installation_date: null,
      status: 'draft' as const,
      standards: [],
      photo_count: 0,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      updated_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    }));
    // Exactly full with 50 cached certificates: the edit fits only once the list shrinks to 20.
    const storage = new FakeStorage(JSON.stringify(summaries).length);
    expect(cacheCertificates(storage, 'u', summaries)).toBe(50);

    expect(saveLocalEdit(storage, 'u', 'c-1', edit)).toBe(true);
    expect(readCachedCertificates(storage, 'u')).toHaveLength(20);
    expect(readLocalEdit(storage, 'u', 'c-1')).toEqual(edit);
  });

  it('says so when the edit cannot be kept at all', () => {
    const storage = new FakeStorage(10);
    expect(saveLocalEdit(storage, 'u', 'c-1', edit)).toBe(false);
  });
});
