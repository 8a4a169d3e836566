import type { Ref, SelectHTMLAttributes } from 'react';
import { Field } from './Field.tsx';

type SelectOption = { value: string; label: string };
export type SelectOptionGroup = { label: string; options: SelectOption[] };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** Options under headings (`<optgroup>`), in the order given. */
  groups: SelectOptionGroup[];
  ref?: Ref<HTMLSelectElement>;
};

/** A labelled native select: on a phone it opens the system picker, which is easy to use with a thumb. */
export function Select({ label, hint, error, id, className, groups, ...select }: SelectProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <select {...control} {...select}>
          {groups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  );
}
