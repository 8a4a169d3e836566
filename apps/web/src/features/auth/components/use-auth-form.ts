import { type FormEvent, useState } from 'react';
import { useFieldRefs } from '../../../components/ui/use-field-refs.ts';

type Problems<Field extends string> = Partial<Record<Field, string | undefined>>;

/**
 * The submit step every auth form shares: check the values, show each problem by its field, move
 * the focus to the first field with one, and send only when there is none. `fields` in form order.
 */
export function useAuthForm<Field extends string>(fields: readonly Field[]) {
  const [errors, setErrors] = useState<Problems<Field>>({});
  const { refFor, focus, focusFirst } = useFieldRefs<Field>();

  return {
    /** The props that tie a field to its error and let the form focus it. */
    field: (name: Field) => ({ ref: refFor(name), error: errors[name] }),
    /** Shows a problem the server found, or clears one once the user edits the field. */
    setError: (name: Field, error: string | undefined) => setErrors((current) => ({ ...current, [name]: error })),
    focus,
    onSubmit: (check: () => Problems<Field>, send: () => void) => (event: FormEvent) => {
      event.preventDefault();
      const found = check();
      setErrors(found);
      if (!focusFirst(fields, found)) send();
    },
  };
}
