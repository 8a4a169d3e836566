import { type BillingInterval, MAX_EXTRA_SEATS, PREMIUM_INCLUDED_SEATS } from '@app/contract';
import { TextField } from '../../../components/ui/TextField.tsx';
import { extraSeatPriceLabel } from '../plan-copy.ts';

/** How many members beyond Premium's included seats the owner buys at checkout (ADR 0077, seats). */
export function ExtraSeatsField({
  interval,
  value,
  onChange,
  error,
}: {
  interval: BillingInterval;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
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
      error={error}
    />
  );
}
