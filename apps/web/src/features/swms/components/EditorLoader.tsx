import { Fragment, type ReactNode, useState } from 'react';
import { QueryView } from '../../../components/ui/QueryView.tsx';

type LoadedDocument = { id: string };
type DocumentQuery<T> = { data: T | undefined; isError: boolean; error: unknown; refetch: () => Promise<unknown> };

/**
 * Loads a SWMS or a cover sheet for its autosaving editor. `reload` (offered after a conflict) fetches
 * the server's copy and starts the editor afresh from it, so no stale edit lingers in its state.
 */
export function EditorLoader<T extends LoadedDocument>({
  query,
  what,
  editor,
}: {
  query: DocumentQuery<T>;
  what: string;
  editor: (loaded: T, reload: () => Promise<void>) => ReactNode;
}) {
  const [generation, setGeneration] = useState(0);
  const reload = async () => {
    await query.refetch();
    setGeneration((count) => count + 1);
  };
  return (
    <QueryView query={query} what={what}>
      {(loaded) => <Fragment key={`${loaded.id}-${generation}`}>{editor(loaded, reload)}</Fragment>}
    </QueryView>
  );
}
