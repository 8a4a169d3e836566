import { type NccEdition, nccEditions } from '@app/contract';
import { useId } from 'react';

/** Which NCC edition a wet-area checklist is judged under (its falls depend on it), a thumb-sized native select. */
export function NccEditionSelect({ value, onChange }: { value: NccEdition; onChange: (edition: NccEdition) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        NCC edition the building was approved under
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as NccEdition)}
        className="min-h-11 w-full max-w-xs rounded-md border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900"
      >
        {nccEditions.map((edition) => (
          <option key={edition} value={edition}>
            NCC {edition}
          </option>
        ))}
      </select>
    </div>
  );
}
