import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { SaveStatus } from '../../../components/ui/SaveStatus.tsx';
import type { useAutosave } from '../use-autosave.ts';
import { CarriedOnNotice } from './PhoneCopyChoice.tsx';

/** How the autosave stands: saved, saving, kept on the phone for now, or refused as stale (then the latest can be loaded). */
export function AutosaveNotice({
  autosave,
  onReload,
}: {
  autosave: Pick<ReturnType<typeof useAutosave>, 'state' | 'keptOnDevice' | 'retry' | 'carriedOnFrom'>;
  onReload: () => Promise<void>;
}) {
  const { state, keptOnDevice } = autosave;
  if (state.status === 'conflict') {
    return (
      <Alert tone="error">
        <p>{state.message}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void onReload()}>
          Load the latest version
        </Button>
      </Alert>
    );
  }
  return (
    <>
      <SaveStatus
        saving={state.status === 'saving'}
        saved={state.status === 'saved'}
        error={
          state.status !== 'error'
            ? undefined
            : keptOnDevice
              ? `${state.message} Your changes are kept on this phone, and saved when the connection is back.`
              : state.message
        }
        onRetry={autosave.retry}
      />
      <CarriedOnNotice keptAt={autosave.carriedOnFrom} />
    </>
  );
}
