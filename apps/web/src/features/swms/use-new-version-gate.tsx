import { startVersionQuestion } from '@app/contract';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog.tsx';
import type { AutosaveState } from './autosave-queue.ts';

type Gated<Body> = {
  state: AutosaveState;
  update: (body: Body) => void;
  retry: () => void;
  discard: (saved: Body) => void;
};

/**
 * An issued version (printed, sent or signed) is never rewritten, and a new one is never started
 * unasked (ADR 0066): the first change to it asks "Start version N+1?" before anything is saved.
 * Cancel keeps version N as it is, on screen too. The server refuses a save that would start a
 * version the user did not agree to (`new_version`), e.g. one issued elsewhere meanwhile; then the
 * same question is asked, once `refresh` has read which version that would be.
 */
export function useNewVersionGate<Body>({
  document,
  autosave,
  saved,
  refresh,
}: {
  document: { issued: boolean; current_version: number };
  autosave: Gated<Body>;
  /** What the server holds: shown again when the user would not start a new version. */
  saved: Body;
  refresh: () => Promise<void>;
}) {
  const next = document.current_version + 1;
  // Read by the save itself, which may run before the next render.
  const agreed = useRef<number | undefined>(undefined);
  const [held, setHeld] = useState<{ body: Body } | undefined>(undefined);
  const refused = autosave.state.status === 'confirm';
  const latestRefresh = useRef(refresh);
  latestRefresh.current = refresh;

  useEffect(() => {
    if (refused) void latestRefresh.current();
  }, [refused]);

  const asking = held !== undefined || (refused && document.issued);
  const dialog = asking ? (
    <ConfirmDialog
      title={startVersionQuestion(next)}
      description={`Version ${document.current_version} stays as it is, with its signatures. Your change starts version ${next}.`}
      cancelLabel="Cancel"
      confirmLabel={`Start version ${next}`}
      onConfirm={() => {
        agreed.current = next;
        if (held) autosave.update(held.body);
        else autosave.retry();
        setHeld(undefined);
      }}
      onCancel={() => {
        setHeld(undefined);
        if (refused) autosave.discard(saved);
      }}
    />
  ) : null;

  return {
    /** A change from the form: saved as usual, or held while the user is asked. */
    change: (body: Body) => {
      if (document.issued && agreed.current !== next) setHeld({ body });
      else autosave.update(body);
    },
    /** What a save sends as `new_version`: the version the user agreed to start, if any. */
    newVersion: () => agreed.current,
    dialog,
  };
}
