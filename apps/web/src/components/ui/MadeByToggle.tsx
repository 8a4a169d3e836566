import type { MadeByFilter } from '@app/contract';

const OPTIONS: ReadonlyArray<{ value: MadeByFilter; label: string }> = [
  { value: 'me', label: 'Mine' },
  { value: undefined, label: 'Everyone’s' },
];

/** "Mine" / "Everyone's" above a business's list (state from lib/use-made-by-filter.ts). */
export function MadeByToggle({ value, onChange }: { value: MadeByFilter; onChange: (value: MadeByFilter) => void }) {
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Whose records</legend>
      {OPTIONS.map((option) => (
        <button
          key={option.label}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className="min-h-11 rounded-md border border-slate-300 px-4 text-sm aria-pressed:border-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white dark:border-slate-600 dark:aria-pressed:border-slate-100 dark:aria-pressed:bg-slate-100 dark:aria-pressed:text-slate-900"
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

/** The maker beside a row's details, small and secondary. */
export function MakerLine({ label }: { label: string | null }) {
  if (!label) return null;
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      Made by <bdi>{label}</bdi>
    </p>
  );
}
