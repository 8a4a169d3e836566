import { requestErrorMessage } from '../../lib/request-errors.ts';
import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';

/** A list of the user's own things that did not load: why, and Try again. `what` is plural: "SWMS". */
export function ListNotLoaded({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="error">
        Your {what} could not be loaded. {requestErrorMessage(error)}
      </Alert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
