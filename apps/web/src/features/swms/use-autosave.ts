import { errorCodes } from '@app/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';

/** Long enough not to save on every key press, short enough that a phone put away loses nothing. */
const AUTOSAVE_DELAY_MS = 800;

export type AutosaveState =
  | { status: 'idle' | 'saving' | 'saved' }
  | { status: 'error'; message: string }
  /** Another device or tab saved first: this one stops saving until the user reloads. */
  | { status: 'conflict'; message: string };

type Saved = { revision: number };

/**
 * Keeps a document's body in local state and saves it shortly after each change, one save at a
 * time, each naming the revision it was made from. A stale revision is refused by the server
 * (409): then saving stops and the page offers to reload, so a newer save is never overwritten.
 * Leaving the page, or hiding it (a phone locked), saves at once.
 */
export function useAutosave<Body, Doc extends Saved>(
  initial: { revision: number; body: Body },
  save: (revision: number, body: Body) => Promise<Doc>,
  onSaved: (doc: Doc) => void,
) {
  const [body, setBody] = useState(initial.body);
  const [state, setState] = useState<AutosaveState>({ status: 'idle' });
  const revision = useRef(initial.revision);
  const pending = useRef<Body | null>(null);
  const inFlight = useRef(false);
  const stopped = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ save, onSaved });
  latest.current = { save, onSaved };

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (inFlight.current || stopped.current || pending.current === null) return;
    const next = pending.current;
    pending.current = null;
    inFlight.current = true;
    setState({ status: 'saving' });
    let succeeded = false;
    try {
      const doc = await latest.current.save(revision.current, next);
      revision.current = doc.revision;
      succeeded = true;
      latest.current.onSaved(doc);
      setState(pending.current === null ? { status: 'saved' } : { status: 'saving' });
    } catch (error) {
      if (error instanceof ApiError && error.code === errorCodes.conflict) {
        stopped.current = true;
        setState({ status: 'conflict', message: error.message });
      } else {
        // Kept for the retry: nothing typed is dropped.
        pending.current ??= next;
        setState({ status: 'error', message: requestErrorMessage(error) });
      }
    } finally {
      inFlight.current = false;
    }
    // Changes typed during the save go next; after a failure they wait for Try again or the next change.
    if (succeeded && pending.current !== null) void flush();
  }, []);

  const update = useCallback(
    (next: Body) => {
      setBody(next);
      pending.current = next;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => {
    const saveNow = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    document.addEventListener('visibilitychange', saveNow);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', saveNow);
      window.removeEventListener('pagehide', flush);
      void flush();
    };
  }, [flush]);

  /** Whether a change is waiting to be saved (the page warns before it is left). */
  const unsaved = () => pending.current !== null || inFlight.current;

  return { body, update, state, retry: () => void flush(), flush, unsaved };
}
