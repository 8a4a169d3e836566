import type { Ref, SelectHTMLAttributes } from 'react';
import { Field } from './Field.tsx';

type SelectOption = { value: string; label: string };
export type SelectOptionGroup = { label: string; options: SelectOption[] };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  ref?: Ref<HTMLSelectElement>;
} & (
    | {
        /** Options under headings (`<optgroup>`), in the order given. */
        groups: SelectOptionGroup[];
        options?: never;
      }
    | {
        /** Options in the order given, under no heading. */
        options: SelectOption[];
        groups?: never;
      }
  );

const optionsOf = (options: SelectOption[]) =>
  options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));

/** A labelled native select: on a phone it opens the system picker, which is easy to use with a thumb. */
export function Select({ label, hint, error, id, className, groups, options = [], ...select }: SelectProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <select {...control} {...select}>
          {groups
            ? groups.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {optionsOf(group.options)}
                </optgroup>
              ))
            : optionsOf(options)}
        </select>
      )}
    </Field>
  );
}
