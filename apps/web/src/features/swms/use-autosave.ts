import { useEffect, useRef, useState } from 'react';
import { forgetKeptForm, type KeptForm, keepForm, readKeptForm } from '../../lib/kept-forms.ts';
import { AutosaveQueue, type AutosaveState } from './autosave-queue.ts';
import { holdKeptDocument } from './kept-documents-sync.ts';

export type { AutosaveState } from './autosave-queue.ts';

/** What the phone keeps of an editor's unsaved typing: the body, and the revision it was made from. */
type KeptBody<Body> = { revision: number; body: Body };

/** Where the editor keeps its unsaved typing on this phone, and how it reads it back. */
export type AutosaveKeeping<Body> = {
  userId: string;
  /** e.g. `swms:<id>` (lib/kept-forms.ts). */
  formKey: string;
  /** The body as the contract reads it, or undefined when a release changed its shape. */
  parseBody: (body: unknown) => Body | undefined;
};

/**
 * Keeps a document's body in local state and autosaves it through an AutosaveQueue (its rules are
 * there). Leaving the page, or hiding it (a phone locked), saves at once; so does the connection
 * coming back. Until the server has it, the typing is also kept on this phone (ADR 0036), so a
 * reload, a crash or no signal loses nothing: opened again from the same revision, it carries on
 * saving; if the document changed elsewhere meanwhile, `phoneCopy` offers it for the user to choose.
 */
export function useAutosave<Body, Doc extends { revision: number }>(
  initial: { revision: number; body: Body },
  save: (revision: number, body: Body) => Promise<Doc>,
  onSaved: (doc: Doc) => void,
  keeping: AutosaveKeeping<Body>,
) {
  const { userId, formKey } = keeping;
  const [kept] = useState(() => readKeptBody(keeping));
  // Typing kept from the revision the server still has: it simply goes on being saved.
  const carriedOn = kept?.values.revision === initial.revision ? kept : undefined;
  const [phoneCopy, setPhoneCopy] = useState(carriedOn ? undefined : kept);
  const [body, setBody] = useState(carriedOn?.values.body ?? initial.body);
  const [state, setState] = useState<AutosaveState>({ status: 'idle' });
  const [keptOnDevice, setKeptOnDevice] = useState(true);
  const shown = useRef(body);
  const latest = useRef({ save, onSaved });
  latest.current = {
    save,
    onSaved: (doc: Doc) => {
      // What the phone keeps now builds on the revision just saved, or is no longer needed.
      if (queue.hasPending) keepForm(localStorage, userId, formKey, { revision: doc.revision, body: shown.current });
      else forgetKeptForm(localStorage, userId, formKey);
      onSaved(doc);
    },
  };
  const [queue] = useState(
    () => new AutosaveQueue<Body, Doc>(initial.revision, () => ({ ...latest.current, onState: setState })),
  );

  const update = (next: Body) => {
    shown.current = next;
    setBody(next);
    queue.update(next);
    setKeptOnDevice(keepForm(localStorage, userId, formKey, { revision: queue.baseRevision, body: next }));
  };

  useEffect(() => {
    if (carriedOn) queue.update(carriedOn.values.body);
  }, [carriedOn, queue]);

  // While open, this editor saves its own kept typing (kept-documents-sync.ts leaves it alone).
  useEffect(() => holdKeptDocument(formKey), [formKey]);

  useEffect(() => {
    const flush = () => void queue.flush();
    const saveNow = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    document.addEventListener('visibilitychange', saveNow);
    window.addEventListener('pagehide', flush);
    window.addEventListener('online', flush);
    return () => {
      document.removeEventListener('visibilitychange', saveNow);
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('online', flush);
      flush();
    };
  }, [queue]);

  return {
    body,
    state,
    update,
    retry: () => void queue.flush(),
    /** Drops the unsaved change and shows `saved` (what the server holds) again. */
    discard: (saved: Body) => {
      queue.discard();
      shown.current = saved;
      setBody(saved);
      setState({ status: 'idle' });
      forgetKeptForm(localStorage, userId, formKey);
    },
    flush: () => queue.flush(),
    /** Whether a change is waiting to be saved (the page warns before it is left). */
    unsaved: () => queue.unsaved,
    /** False when the phone had no room to keep the latest typing. */
    keptOnDevice,
    /** When typing was kept from an earlier visit and carries on saving now. */
    carriedOnFrom: carriedOn?.keptAt,
    /**
     * Typing kept on this phone from an older revision than the server's (it changed elsewhere
     * meanwhile): shown beside the server's, until the user keeps one.
     */
    phoneCopy: phoneCopy && {
      keptAt: phoneCopy.keptAt,
      body: phoneCopy.values.body,
      keepMine: () => {
        setPhoneCopy(undefined);
        update(phoneCopy.values.body);
      },
      keepSaved: () => {
        setPhoneCopy(undefined);
        forgetKeptForm(localStorage, userId, formKey);
      },
    },
  };
}

function readKeptBody<Body>({
  userId,
  formKey,
  parseBody,
}: AutosaveKeeping<Body>): KeptForm<KeptBody<Body>> | undefined {
  return readKeptForm(localStorage, userId, formKey, (values) => {
    const { revision, body } = (values ?? {}) as { revision?: unknown; body?: unknown };
    const parsed = typeof revision === 'number' ? parseBody(body) : undefined;
    return parsed === undefined ? undefined : { revision: revision as number, body: parsed };
  });
}
