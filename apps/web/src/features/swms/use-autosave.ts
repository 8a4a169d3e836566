import { useEffect, useRef, useState } from 'react';
import { AutosaveQueue, type AutosaveState } from './autosave-queue.ts';

export type { AutosaveState } from './autosave-queue.ts';

/**
 * Keeps a document's body in local state and autosaves it through an AutosaveQueue (its rules are
 * there). Leaving the page, or hiding it (a phone locked), saves at once.
 */
export function useAutosave<Body, Doc extends { revision: number }>(
  initial: { revision: number; body: Body },
  save: (revision: number, body: Body) => Promise<Doc>,
  onSaved: (doc: Doc) => void,
) {
  const [body, setBody] = useState(initial.body);
  const [state, setState] = useState<AutosaveState>({ status: 'idle' });
  const latest = useRef({ save, onSaved });
  latest.current = { save, onSaved };
  const [queue] = useState(
    () => new AutosaveQueue<Body, Doc>(initial.revision, () => ({ ...latest.current, onState: setState })),
  );

  useEffect(() => {
    const flush = () => void queue.flush();
    const saveNow = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', saveNow);
    window.addEventListener('pagehide', flush);
    return () => {
      document.removeEventListener('visibilitychange', saveNow);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [queue]);

  return {
    body,
    state,
    update: (next: Body) => {
      setBody(next);
      queue.update(next);
    },
    retry: () => void queue.flush(),
    flush: () => queue.flush(),
    /** Whether a change is waiting to be saved (the page warns before it is left). */
    unsaved: () => queue.unsaved,
  };
}
