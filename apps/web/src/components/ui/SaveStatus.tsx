import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';

type SaveStatusProps = {
  saving: boolean;
  /** At least one save went through since the page opened. */
  saved: boolean;
  /** Why the latest save failed; what the user entered is kept on screen. */
  error?: string | undefined;
  onRetry: () => void;
};

/** For screens that save as the user goes: says whether their changes are safe. */
export function SaveStatus({ saving, saved, error, onRetry }: SaveStatusProps) {
  if (error && !saving) {
    return (
      <Alert tone="error">
        <p>Your latest change is not saved yet. {error}</p>
        <Button variant="secondary" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <p role="status" className="min-h-5 text-sm text-slate-600 dark:text-slate-300">
      {saving ? 'Saving...' : saved ? 'All changes saved.' : ''}
    </p>
  );
}
