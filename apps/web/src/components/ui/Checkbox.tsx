/**
 * A checkbox with its visible label, a thumb-sized target (44 px) at 375 px. The box is a fixed
 * 24 px in the brand colour, and stays at the top left when a long label wraps.
 */
export function Checkbox({
  label,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-start gap-3 py-2.5">
      <input
        type="checkbox"
        className="size-6 shrink-0 accent-brand-700 dark:accent-brand-100"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="leading-6">{label}</span>
    </label>
  );
}
