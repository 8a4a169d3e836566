import { Alert } from './Alert.tsx';
import { Button } from './Button.tsx';

/**
 * Offers back what the user typed into this form before and did not save (lib/use-kept-form.ts),
 * or says the phone could not keep the latest typing.
 */
export function KeptFormOffer({
  keptAt,
  keptOnDevice,
  onRestore,
  onDiscard,
}: {
  keptAt: string | undefined;
  keptOnDevice: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  if (!keptOnDevice) {
    return (
      <Alert tone="error">
        This phone has no room left to keep what you type until it is saved. Save now, or free up space on the phone.
      </Alert>
    );
  }
  if (!keptAt) return null;
  return (
    <Alert tone="info">
      <p>
        You have changes from {new Date(keptAt).toLocaleString('en-AU')} that were not saved. They are kept on this
        phone.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button onClick={onRestore}>Restore my changes</Button>
        <Button variant="secondary" onClick={onDiscard}>
          Discard them
        </Button>
      </div>
    </Alert>
  );
}
