import { Field } from './Field.tsx';
import { TextField } from './TextField.tsx';

/** The search box and status filter above a list of documents (state from lib/use-list-filters.ts). */
export function ListSearch({
  label,
  hint,
  searchText,
  onSearchText,
  status,
  statuses,
  onStatus,
}: {
  label: string;
  hint?: string;
  searchText: string;
  onSearchText: (text: string) => void;
  status: string | undefined;
  /** Each status with its label, after "All". */
  statuses: ReadonlyArray<{ value: string; label: string }>;
  onStatus: (status: string) => void;
}) {
  return (
    <search className="grid gap-3 sm:grid-cols-[1fr_12rem]">
      <TextField
        label={label}
        type="search"
        hint={hint}
        value={searchText}
        onChange={(event) => onSearchText(event.target.value)}
      />
      <Field label="Status">
        {(control) => (
          <select {...control} value={status ?? ''} onChange={(event) => onStatus(event.target.value)}>
            <option value="">All</option>
            {statuses.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    </search>
  );
}
