import { requestErrorMessage } from '../../lib/request-errors.ts';
import { Button } from './Button.tsx';
import { toast } from './notifications/index.ts';

/** What a mutation's `mutate` takes as its second argument: the toast for each outcome. */
interface ResendOutcome {
  onSuccess: () => void;
  onError: (error: unknown) => void;
}

/**
 * A Resend button (an invitation, a webhook delivery): a toast says what went again, or why it
 * did not, so every resend in the app answers the same way.
 */
export function ResendButton({
  label,
  pending,
  sent,
  resend,
}: {
  /** The accessible name when "Resend" alone would not say what, e.g. in a list. */
  label?: string;
  pending: boolean;
  sent: { title: string; description: string };
  resend: (outcome: ResendOutcome) => void;
}) {
  return (
    <Button
      variant="secondary"
      aria-label={label}
      disabled={pending}
      onClick={() =>
        resend({
          onSuccess: () => toast(sent),
          onError: (error) =>
            toast({ title: 'Resend failed', description: requestErrorMessage(error), variant: 'destructive' }),
        })
      }
    >
      Resend
    </Button>
  );
}
