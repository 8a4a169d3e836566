import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ToastInput, ToastStore, toast, toastPriority, toastStore } from './toast-store.ts';

describe('toastPriority', () => {
  it.each([
    ['Certificate created', 'default', 4],
    ['Certificate updated', 'default', 4],
    ['Certificate saved', 'default', 4],
    ['CERTIFICATE SAVED', 'default', 4],
    ['certificate Created', 'default', 4],
    ['Saved the certificate', 'default', 4],
    ['Database error', 'default', 3],
    ['Update failed', 'default', 3],
    ['DATABASE ERROR', 'default', 3],
    ['Update FAILED', 'default', 3],
    ['Something went wrong', 'destructive', 3],
    ['Certificate deleted', 'destructive', 3],
    ['Storage warning', 'default', 2],
    ['WARNING: almost full', 'default', 2],
    ['Import success', 'default', 1],
    ['SUCCESS', 'default', 1],
    ['Draft saved', 'default', 0],
    ['Certificate deleted', 'default', 0],
    ['Signed in', 'default', 0],
  ] as const)('%s (%s) has priority %i', (title, variant, expected) => {
    expect(toastPriority(title, variant)).toBe(expected);
  });

  it('applies the rules highest first', () => {
    expect(toastPriority('Certificate saved with a warning', 'destructive')).toBe(4);
    expect(toastPriority('Warning: upload failed', 'default')).toBe(3);
    expect(toastPriority('Partial success, with a warning', 'default')).toBe(2);
  });
});

describe('ToastStore', () => {
  let store: ToastStore;
  let t0: number;

  beforeEach(() => {
    vi.useFakeTimers();
    store = new ToastStore();
    t0 = Date.now();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** Moves the fake clock to `ms` after the test started, firing due timers on the way. */
  const advanceTo = (ms: number) => vi.advanceTimersByTime(t0 + ms - Date.now());
  const visibleTitles = () => store.getSnapshot().map((shown) => shown.title);

  /** Records when each toast title first became visible (ms after the test started), in order. */
  function recordAppearances(): Map<string, number> {
    const appeared = new Map<string, number>();
    store.subscribe(() => {
      for (const shown of store.getSnapshot()) {
        if (!appeared.has(shown.title)) appeared.set(shown.title, Date.now() - t0);
      }
    });
    return appeared;
  }

  /** Pushes a toast that must not be suppressed and returns its id. */
  function raise(input: ToastInput): string {
    const id = store.push(input);
    if (id === null) throw new Error(`'${input.title}' was suppressed as a duplicate`);
    return id;
  }

  describe('showing and expiry', () => {
    it('shows a toast at once, with a generated id and the default variant', () => {
      const id = raise({ title: 'Draft saved', description: 'All changes kept' });

      expect(store.getSnapshot()).toEqual([
        { id, title: 'Draft saved', description: 'All changes kept', variant: 'default' },
      ]);
    });

    it('keeps a toast visible for 2 s: visible at 1999 ms, gone at 2000 ms', () => {
      store.push({ title: 'Draft saved' });

      advanceTo(1999);
      expect(visibleTitles()).toEqual(['Draft saved']);
      advanceTo(2000);
      expect(visibleTitles()).toEqual([]);
    });

    it('shows a toast at once again when nothing is visible or queued', () => {
      store.push({ title: 'First' });
      advanceTo(2000);
      store.push({ title: 'Second' });

      expect(visibleTitles()).toEqual(['Second']);
    });
  });

  describe('queue', () => {
    it('queues a toast raised while another shows and releases it 1.5 s after the first appeared', () => {
      store.push({ title: 'First' });
      advanceTo(1000);
      store.push({ title: 'Queued' });

      expect(visibleTitles()).toEqual(['First']);
      advanceTo(1499);
      expect(visibleTitles()).toEqual(['First']);
      advanceTo(1500);
      expect(visibleTitles()).toEqual(['First', 'Queued']);
    });

    it('spaces queued toasts 300 ms apart', () => {
      store.push({ title: 'First' });
      store.push({ title: 'Queued 1' });
      store.push({ title: 'Queued 2' });

      advanceTo(1500);
      expect(visibleTitles()).toEqual(['First', 'Queued 1']);
      advanceTo(1799);
      expect(visibleTitles()).toEqual(['First', 'Queued 1']);
      advanceTo(1800);
      expect(visibleTitles()).toEqual(['First', 'Queued 1', 'Queued 2']);
    });

    it('shows queued toasts highest priority first, FIFO among equals, without stalling when the first expires', () => {
      const appearances = recordAppearances();
      store.push({ title: 'First' });
      store.push({ title: 'Info 1' });
      store.push({ title: 'Import success' });
      store.push({ title: 'Quota warning' });
      store.push({ title: 'Server unreachable', variant: 'destructive' });
      store.push({ title: 'Disk warning' });
      store.push({ title: 'Info 2' });
      store.push({ title: 'Database error' });

      advanceTo(10_000);
      expect([...appearances]).toEqual([
        ['First', 0],
        ['Server unreachable', 1500],
        ['Database error', 1800],
        ['Quota warning', 2100],
        ['Disk warning', 2400],
        ['Import success', 2700],
        ['Info 1', 3000],
        ['Info 2', 3300],
      ]);
    });

    it('releases a later queue 1.5 s after the current first visible toast appeared', () => {
      store.push({ title: 'First' });
      store.push({ title: 'Queued' }); // shows at 1500, lives until 3500
      advanceTo(2100); // 'First' has expired; 'Queued' is now the first visible toast
      store.push({ title: 'Later' });

      advanceTo(2999);
      expect(visibleTitles()).toEqual(['Queued']);
      advanceTo(3000);
      expect(visibleTitles()).toEqual(['Queued', 'Later']);
    });

    it('shows a toast at once when the release and spacing have already passed', () => {
      store.push({ title: 'First' });
      advanceTo(1600);
      store.push({ title: 'Late' });

      expect(visibleTitles()).toEqual(['First', 'Late']);
    });

    it('clears the pending queue and shows a certificate-saved toast at once', () => {
      const appearances = recordAppearances();
      store.push({ title: 'First' });
      store.push({ title: 'Database error' });
      store.push({ title: 'Quota warning' });
      advanceTo(500);

      store.push({ title: 'Certificate saved' });
      expect(visibleTitles()).toEqual(['First', 'Certificate saved']);

      advanceTo(10_000);
      expect([...appearances].map(([title]) => title)).toEqual(['First', 'Certificate saved']);
    });
  });

  describe('dismiss', () => {
    it('removes a visible toast and cancels its expiry timer', () => {
      const id = raise({ title: 'Draft saved' });
      store.dismiss(id);

      expect(store.getSnapshot()).toEqual([]);
      expect(vi.getTimerCount()).toBe(0);
    });

    it('frees the slot: the next queued toast shows without waiting for the 1.5 s release', () => {
      const first = raise({ title: 'First' });
      store.push({ title: 'Queued' });
      advanceTo(1000);

      store.dismiss(first);
      expect(visibleTitles()).toEqual(['Queued']);
    });

    it('still spaces the next queued toast 300 ms after the previous one appeared', () => {
      const first = raise({ title: 'First' });
      store.push({ title: 'Queued' });
      advanceTo(100);
      store.dismiss(first);

      advanceTo(299);
      expect(visibleTitles()).toEqual([]);
      advanceTo(300);
      expect(visibleTitles()).toEqual(['Queued']);
    });

    it('drops a queued toast so it never shows', () => {
      const appearances = recordAppearances();
      store.push({ title: 'First' });
      const queued = raise({ title: 'Dropped' });
      store.push({ title: 'Kept' });
      store.dismiss(queued);

      advanceTo(10_000);
      expect([...appearances]).toEqual([
        ['First', 0],
        ['Kept', 1500],
      ]);
    });
  });

  describe('hold', () => {
    it('keeps a hovered or focused toast for as long as it is held, then 2 s more', () => {
      const id = raise({ title: 'Sent for signing' });
      advanceTo(1500);
      store.hold(id, true);
      advanceTo(60_000);
      expect(visibleTitles()).toEqual(['Sent for signing']);

      store.hold(id, false);
      advanceTo(61_999);
      expect(visibleTitles()).toEqual(['Sent for signing']);
      advanceTo(62_000);
      expect(visibleTitles()).toEqual([]);
    });

    it('leaves a toast that is no longer visible alone', () => {
      const id = raise({ title: 'Draft saved' });
      advanceTo(2000);
      store.hold(id, false);
      expect(visibleTitles()).toEqual([]);
      expect(vi.getTimerCount()).toBe(0);
    });
  });

  describe('duplicates', () => {
    it('suppresses an identical toast within 5 s and accepts it from 5 s on', () => {
      expect(store.push({ title: 'Upload failed', description: 'Try again' })).not.toBeNull();

      advanceTo(4999);
      expect(store.push({ title: 'Upload failed', description: 'Try again' })).toBeNull();
      // The suppressed toast did not restart the window.
      advanceTo(5000);
      expect(store.push({ title: 'Upload failed', description: 'Try again' })).not.toBeNull();
      expect(visibleTitles()).toEqual(['Upload failed']);
    });

    it('compares only the first 20 characters of the description', () => {
      const first20 = 'Could not reach host';
      expect(first20).toHaveLength(20);
      store.push({ title: 'Sync failed', description: `${first20}s` });

      // Differs only from character 21 on: same toast.
      expect(store.push({ title: 'Sync failed', description: `${first20}.` })).toBeNull();
      // Differs at character 20: a different toast.
      expect(store.push({ title: 'Sync failed', description: `${first20.slice(0, 19)}!` })).not.toBeNull();
    });

    it('does not treat a different variant or title as a duplicate', () => {
      store.push({ title: 'Sync failed' });

      expect(store.push({ title: 'Sync failed', variant: 'destructive' })).not.toBeNull();
      expect(store.push({ title: 'Sync Failed' })).not.toBeNull();
    });

    it('prunes duplicate records once they are 10 s old', () => {
      store.push({ title: 'A' });
      advanceTo(9999);
      store.push({ title: 'B' });
      expect(store.trackedDuplicateCount()).toBe(2);

      advanceTo(10_000);
      store.push({ title: 'C' }); // 'A' is now 10 s old
      expect(store.trackedDuplicateCount()).toBe(2);

      advanceTo(19_999);
      store.push({ title: 'D' }); // 'B' is now 10 s old
      expect(store.trackedDuplicateCount()).toBe(2);
    });
  });

  describe('subscription', () => {
    it('notifies subscribers on changes until they unsubscribe', () => {
      const listener = vi.fn();
      const unsubscribe = store.subscribe(listener);

      store.push({ title: 'Shown' });
      expect(listener).toHaveBeenCalledTimes(1);
      unsubscribe();
      advanceTo(2000);
      expect(listener).toHaveBeenCalledTimes(1);
    });

    it('returns the same snapshot until the visible toasts change', () => {
      const empty = store.getSnapshot();
      expect(store.getSnapshot()).toBe(empty);

      store.push({ title: 'Shown' });
      expect(store.getSnapshot()).not.toBe(empty);
    });
  });
});

describe('toast()', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('raises a toast in the app-wide store, driven by the (fake) global timers', () => {
    vi.useFakeTimers();
    const id = toast({ title: 'Signed out', variant: 'destructive' });

    expect(toastStore.getSnapshot()).toEqual([{ id, title: 'Signed out', variant: 'destructive' }]);
    vi.advanceTimersByTime(2000);
    expect(toastStore.getSnapshot()).toEqual([]);
  });
});
