import { newVersionUnconfirmedMessage, swmsMessages } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_ERROR_MESSAGE } from '../../lib/auth/auth-errors.ts';
import { ApiError, NetworkError } from '../../lib/http.ts';
import { AutosaveQueue, type AutosaveState } from './autosave-queue.ts';

type Doc = { revision: number; body: string };

/** A queue over a server double that answers each save when the test says so. */
function setUp(startRevision = 4) {
  const saves: Array<{ revision: number; body: string; answer: (result: Doc | Error) => void }> = [];
  const states: AutosaveState[] = [];
  const saved: Doc[] = [];
  const queue = new AutosaveQueue<string, Doc>(
    startRevision,
    () => ({
      save: (revision, body) =>
        new Promise<Doc>((resolve, reject) => {
          saves.push({
            revision,
            body,
            answer: (result) => (result instanceof Error ? reject(result) : resolve(result)),
          });
        }),
      onSaved: (doc) => saved.push(doc),
      onState: (state) => states.push(state),
    }),
    800,
  );
  return { queue, saves, states, saved };
}

describe('SWMS autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once the user pauses, the last change only, from the revision it was loaded at', async () => {
    const { queue, saves, states, saved } = setUp();
    queue.update('a');
    await vi.advanceTimersByTimeAsync(500);
    queue.update('ab');
    await vi.advanceTimersByTimeAsync(799);
    expect(saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves.map(({ revision, body }) => ({ revision, body }))).toEqual([{ revision: 4, body: 'ab' }]);
    expect(queue.unsaved).toBe(true);

    saves[0]?.answer({ revision: 5, body: 'ab' });
    await vi.runAllTimersAsync();
    expect(saved).toEqual([{ revision: 5, body: 'ab' }]);
    expect(states).toEqual([{ status: 'saving' }, { status: 'saved' }]);
    expect(queue.unsaved).toBe(false);
  });

  it('saves one at a time: a change typed during a save goes next, from the revision that save returned', async () => {
    const { queue, saves, states } = setUp();
    queue.update('first');
    const flushed = queue.flush();
    queue.update('second');
    await queue.flush(); // A save is under way: nothing more is sent yet.
    expect(saves.map((save) => save.body)).toEqual(['first']);

    saves[0]?.answer({ revision: 5, body: 'first' });
    await vi.advanceTimersByTimeAsync(0);
    expect(saves.map(({ revision, body }) => ({ revision, body }))).toEqual([
      { revision: 4, body: 'first' },
      { revision: 5, body: 'second' },
    ]);
    saves[1]?.answer({ revision: 6, body: 'second' });
    await flushed;
    expect(states.at(-1)).toEqual({ status: 'saved' });
  });

  it('stops saving after a save from a stale revision is refused, and says why', async () => {
    const { queue, saves, states } = setUp();
    queue.update('mine');
    const flushed = queue.flush();
    saves[0]?.answer(new ApiError(409, 'conflict', swmsMessages.staleSave));
    await flushed;
    expect(states.at(-1)).toEqual({ status: 'conflict', message: swmsMessages.staleSave });

    queue.update('more');
    await vi.runAllTimersAsync();
    expect(saves).toHaveLength(1);
  });

  it('keeps a change that failed to save for the retry, and does not lose one typed meanwhile', async () => {
    const { queue, saves, states, saved } = setUp();
    queue.update('offline edit');
    const flushed = queue.flush();
    saves[0]?.answer(new NetworkError());
    await flushed;
    expect(states.at(-1)).toEqual({ status: 'error', message: CONNECTION_ERROR_MESSAGE });
    expect(queue.unsaved).toBe(true);

    const retried = queue.flush();
    expect(saves[1]).toMatchObject({ revision: 4, body: 'offline edit' });
    saves[1]?.answer({ revision: 5, body: 'offline edit' });
    await retried;
    expect(saved.map((doc) => doc.body)).toEqual(['offline edit']);
    expect(queue.unsaved).toBe(false);
  });

  it('holds a change the server will not save without the user starting a new version, until they answer', async () => {
    const { queue, saves, states, saved } = setUp();
    queue.update('edit of an issued version');
    const flushed = queue.flush();
    saves[0]?.answer(new ApiError(409, 'new_version_unconfirmed', newVersionUnconfirmedMessage(3)));
    await flushed;
    expect(states.at(-1)).toEqual({ status: 'confirm' });
    expect(queue.unsaved).toBe(true);

    // They agree: the same change goes again, from the same revision.
    const retried = queue.flush();
    expect(saves[1]).toMatchObject({ revision: 4, body: 'edit of an issued version' });
    saves[1]?.answer({ revision: 5, body: 'edit of an issued version' });
    await retried;
    expect(saved.map((doc) => doc.body)).toEqual(['edit of an issued version']);

    // Or they would not: the change is dropped and nothing more is sent.
    queue.update('another edit');
    const again = queue.flush();
    saves[2]?.answer(new ApiError(409, 'new_version_unconfirmed', newVersionUnconfirmedMessage(4)));
    await again;
    queue.discard();
    await vi.runAllTimersAsync();
    expect(queue.unsaved).toBe(false);
    expect(saves).toHaveLength(3);
  });
});
