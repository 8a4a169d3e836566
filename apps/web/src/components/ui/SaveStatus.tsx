import { useEffect, useState } from 'react';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';

/** How long the changes stay saved, with no new save, before a burst of typing counts as over. */
const SETTLED_MS = 2000;
type SaveStatusProps = {
  saving: boolean;
  /** At least one save went through since the page opened. */
  saved: boolean;
  /** Why the latest save failed; what the user entered is kept on screen. */
  error?: string | undefined;
  onRetry: () => void;
};

/**
 * For screens that save as the user goes: one line that says whether their changes are safe. It
 * follows every save on screen; as a live region it is busy until the saves have settled, so a
 * screen reader hears "All changes saved." once per burst of typing (not at every pause), and a
 * failure at once. One line only: a second, hidden copy read as the status said "saved" twice.
 */
export function SaveStatus({ saving, saved, error, onRetry }: SaveStatusProps) {
  const settled = useSettled(saved && !saving);
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
    <p role="status" aria-busy={!settled} className="min-h-5 text-sm text-slate-600 dark:text-slate-300">
      {saving ? 'Saving...' : saved ? 'All changes saved.' : ''}
    </p>
  );
}

/** True once `value` has been true for SETTLED_MS; false again as soon as it is not. */
function useSettled(value: boolean) {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    setSettled(false);
    if (!value) return;
    const timer = setTimeout(() => setSettled(true), SETTLED_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}
