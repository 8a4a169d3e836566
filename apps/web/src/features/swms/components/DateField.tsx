import { TextField } from '../../../components/ui/TextField.tsx';

/** A date the document may leave unset: an emptied field is null, as the contract has it. */
export function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  return (
    <TextField
      label={label}
      type="date"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || null)}
    />
  );
}
