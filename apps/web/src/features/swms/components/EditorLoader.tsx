import { type ComponentType, Fragment, useState } from 'react';
import { useParams } from 'react-router';
import { QueryView } from '../../../components/ui/QueryView.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import type { DocumentPanel } from '../../../lib/document-panel.ts';

type LoadedDocument = { id: string };
type DocumentQuery<T> = { data: T | undefined; isError: boolean; error: unknown; refetch: () => Promise<unknown> };

/** What an autosaving editor of a SWMS or a cover sheet is given. */
export type EditorProps<T> = {
  userId: string;
  initial: T;
  documentPanel: DocumentPanel | undefined;
  /** Fetches the server's copy and starts the editor afresh from it (offered after a conflict). */
  onReload: () => Promise<void>;
};

type EditorPageProps<T> = {
  documentPanel?: DocumentPanel | undefined;
  /** The query hook that loads the document, e.g. useSwms. */
  useDocument: (userId: string, id: string) => DocumentQuery<T>;
  /** e.g. "this SWMS", for the loading and error states. */
  what: string;
  Editor: ComponentType<EditorProps<T>>;
};

/** The page of one SWMS or cover sheet (`…/:id`): loads it, then edits it with `Editor`. */
export function EditorPage<T extends LoadedDocument>(props: EditorPageProps<T>) {
  const auth = useAuth();
  const { id = '' } = useParams();
  if (auth.status !== 'signed-in') return null; // The route is guarded; this only narrows the type.
  return <EditorLoader {...props} userId={auth.session.user.id} id={id} />;
}

/**
 * `reload` (offered after a conflict) fetches the server's copy and starts the editor afresh from
 * it, so no stale edit lingers in its state.
 */
function EditorLoader<T extends LoadedDocument>({
  userId,
  id,
  documentPanel,
  useDocument,
  what,
  Editor,
}: EditorPageProps<T> & { userId: string; id: string }) {
  const query = useDocument(userId, id);
  const [generation, setGeneration] = useState(0);
  const reload = async () => {
    await query.refetch();
    setGeneration((count) => count + 1);
  };
  return (
    <QueryView query={query} what={what}>
      {(loaded) => (
        <Fragment key={`${loaded.id}-${generation}`}>
          <Editor userId={userId} initial={loaded} documentPanel={documentPanel} onReload={reload} />
        </Fragment>
      )}
    </QueryView>
  );
}
