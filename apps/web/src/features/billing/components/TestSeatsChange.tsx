import { type BillingInterval, PREMIUM_INCLUDED_SEATS } from '@app/contract';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { toast } from '../../../components/ui/notifications/index.ts';
import { requestErrorMessage } from '../../../lib/request-errors.ts';
import { useChangeTestSeatsMutation } from '../api/change-subscription.ts';
import { extraSeatsOfText } from '../extra-seats.ts';
import { ExtraSeatsField } from './ExtraSeatsField.tsx';

/**
 * Test mode's counterpart of the portal's quantity change (ADR 0093): the owner sets the extra
 * members of their test subscription, starting from those they have.
 */
export function TestSeatsChange({ interval, current }: { interval: BillingInterval; current: number }) {
  const change = useChangeTestSeatsMutation();
  const [extraSeatsText, setExtraSeatsText] = useState(String(current));
  const extraSeats = extraSeatsOfText(extraSeatsText);
  const submit = () => {
    if (extraSeats === undefined) return;
    // Not mutate's onSuccess: the refetched count re-keys this field, and a callback of an unmounted
    // observer never runs. The promise settles either way; a failure shows through `change.isError`.
    change.mutateAsync(extraSeats).then(
      () =>
        toast({
          title: 'Members changed',
          description: `Test subscription: ${PREMIUM_INCLUDED_SEATS + extraSeats} members, you included.`,
        }),
      () => {},
    );
  };
  return (
    <div className="flex flex-col gap-3">
      <ExtraSeatsField interval={interval} value={extraSeatsText} onChange={setExtraSeatsText} />
      <div>
        <Button variant="secondary" disabled={change.isPending || extraSeats === undefined} onClick={submit}>
          Change members
        </Button>
      </div>
      {change.isError ? <Alert tone="error">{requestErrorMessage(change.error)}</Alert> : null}
    </div>
  );
}
