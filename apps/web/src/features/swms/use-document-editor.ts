import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EditorProps } from './components/EditorLoader.tsx';
import { useAutosave } from './use-autosave.ts';
import { useDiscardDraft } from './use-discard-draft.tsx';
import { useNewVersionGate } from './use-new-version-gate.tsx';
import { usePdfDownload } from './use-pdf-download.ts';

type EditableDocument = { id: string; revision: number; issued: boolean; current_version: number };

/** What a save sends besides the body: the revision it builds on, and the version the user agreed to start. */
type SaveVersioning = { revision: number; new_version?: number };

/** What differs between the editors of a SWMS and of a cover sheet: how each is read, saved and printed. */
export type DocumentEditorConfig<Body, Doc> = {
  /** What the confirmations call the document: "SWMS", "cover sheet". */
  what: string;
  /** Where the phone keeps unsaved typing, e.g. `swms:<id>` (lib/kept-forms.ts). */
  formKey: (id: string) => string;
  /** The part of the document the form edits. */
  bodyOf: (doc: Doc) => Body;
  /** A body kept on the phone, as the contract reads it, or undefined when a release changed its shape. */
  parseBody: (kept: unknown) => Body | undefined;
  save: (id: string, versioning: SaveVersioning, body: Body) => Promise<Doc>;
  fetch: (id: string) => Promise<Doc>;
  /** Keeps a saved copy for the page and the lists. */
  remember: (queryClient: QueryClient, userId: string, doc: Doc) => void;
  discardDraft: (id: string, revision: number) => Promise<Doc>;
  downloadPdf: (id: string, version?: number) => Promise<void>;
};

/**
 * An autosaving document editor: the server's copy, the form's body saved as it is typed, the
 * question before an issued version is changed (ADR 0066), discarding a draft version, and the PDF,
 * which saves what is typed first and then shows the document as printing left it.
 */
export function useDocumentEditor<Body, Doc extends EditableDocument>(
  { userId, initial, onReload }: Pick<EditorProps<Doc>, 'userId' | 'initial' | 'onReload'>,
  config: DocumentEditorConfig<Body, Doc>,
) {
  const queryClient = useQueryClient();
  const [server, setServer] = useState(initial);
  const remember = (doc: Doc) => config.remember(queryClient, userId, doc);
  const autosave = useAutosave<Body, Doc>(
    { revision: initial.revision, body: config.bodyOf(initial) },
    (revision, body): Promise<Doc> => {
      const newVersion: number | undefined = gate.newVersion();
      return config.save(initial.id, newVersion ? { revision, new_version: newVersion } : { revision }, body);
    },
    (saved) => {
      setServer(saved);
      remember(saved);
    },
    { userId, formKey: config.formKey(initial.id), parseBody: config.parseBody },
  );
  const gate = useNewVersionGate<Body>({
    document: server,
    autosave,
    saved: config.bodyOf(server),
    refresh: async () => setServer(await config.fetch(server.id)),
  });
  const discard = useDiscardDraft({
    document: server,
    what: config.what,
    autosave,
    fetchLatest: config.fetch,
    discardDraft: config.discardDraft,
    remember,
    onReload,
  });
  const pdf = usePdfDownload(async (version) => {
    await autosave.flush();
    await config.downloadPdf(server.id, version);
    const fresh = await config.fetch(server.id);
    setServer((shown) => (fresh.revision >= shown.revision ? fresh : shown));
  });
  return {
    server,
    autosave,
    /** A change from the form: saved, or held while the user is asked about a new version. */
    change: gate.change,
    versionQuestion: gate.dialog,
    discard,
    pdf,
    onReload,
  };
}

export type DocumentEditor<Body, Doc extends EditableDocument> = ReturnType<typeof useDocumentEditor<Body, Doc>>;
