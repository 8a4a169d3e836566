import { useState } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { ConfirmActionDialog } from '../../components/ui/ConfirmActionDialog.tsx';
import { toast } from '../../components/ui/notifications/index.ts';

type Versioned = { id: string; revision: number; issued: boolean; current_version: number };

/**
 * A new version can be thrown away until it is issued (ADR 0066): "Discard version N", once
 * confirmed, takes the SWMS or cover sheet back to the version before it, as it was issued.
 */
export function useDiscardDraft<Body, Document extends Versioned>({
  document,
  what,
  autosave,
  fetchLatest,
  discardDraft,
  remember,
  onReload,
}: {
  document: Document;
  /** What the confirmation calls the document: "SWMS", "cover sheet". */
  what: string;
  autosave: { body: Body; discard: (saved: Body) => void };
  fetchLatest: (id: string) => Promise<Document>;
  discardDraft: (id: string, revision: number) => Promise<Document>;
  /** Keeps the version it went back to for the page and the lists. */
  remember: (back: Document) => void;
  onReload: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const discard = async () => {
    // What is typed now belongs to the draft being thrown away.
    autosave.discard(autosave.body);
    const back = await discardDraft(document.id, (await fetchLatest(document.id)).revision);
    remember(back);
    toast({ title: `Back to version ${back.current_version}` });
    await onReload();
  };
  const version = document.current_version;

  return {
    /** Shown only while the current version is a draft after an issued one. */
    button:
      !document.issued && version > 1 ? (
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Discard version {version}
        </Button>
      ) : null,
    dialog: confirming ? (
      <ConfirmActionDialog
        title={`Discard version ${version}?`}
        description={`Your changes since version ${version - 1} are deleted, and the ${what} goes back to version ${version - 1} as it was issued.`}
        cancelLabel="Keep editing"
        confirmLabel={`Discard version ${version}`}
        action={discard}
        onCancel={() => setConfirming(false)}
      />
    ) : null,
  };
}
