import { type BillingInterval, MAX_EXTRA_SEATS, PREMIUM_INCLUDED_SEATS } from '@app/contract';
import { TextField } from '../../../components/ui/TextField.tsx';
import { EXTRA_SEATS_INVALID, extraSeatsOfText } from '../extra-seats.ts';
import { extraSeatPriceLabel } from '../plan-copy.ts';

/**
 * How many members beyond Premium's included seats the owner buys at checkout or holds in test mode
 * (ADR 0077, seats). It names a count it cannot buy itself; its parent reads the same count from
 * `extraSeatsOfText` to hold the action back.
 */
export function ExtraSeatsField({
  interval,
  value,
  onChange,
}: {
  interval: BillingInterval;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Extra members"
      type="number"
      inputMode="numeric"
      min={0}
      max={MAX_EXTRA_SEATS}
      step={1}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={`Premium includes ${PREMIUM_INCLUDED_SEATS} members, you included. Each extra member is ${extraSeatPriceLabel(interval)}, up to ${MAX_EXTRA_SEATS}.`}
      error={extraSeatsOfText(value) === undefined ? EXTRA_SEATS_INVALID : undefined}
    />
  );
}
